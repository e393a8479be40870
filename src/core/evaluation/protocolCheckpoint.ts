/**
 * Resuming a protocol: every finished subject × pipeline × fold run is written as it completes to
 * `.xbrain/protocols/resume/<key>/`, where `key` hashes the protocol's settings and the identity of the epochs (their
 * samples, labels, subjects, sessions, channels, rate), so a changed setting or changed data never reuses a result.
 * Model pipelines add a hash of their training configuration to the run's file name: changing the training settings
 * re-trains the model families but keeps the baselines. Each file is written to a temporary name and renamed, so a
 * process killed mid-write leaves either the whole run or nothing; an unreadable or mismatched file counts as not done.
 *
 * Pruning (docs/protocols.md): a completed protocol removes its folder; an interrupted one is kept until the same
 * call resumes and completes it, or until a newer call of the same protocol settings starts on other epochs (it then
 * replaces it: its runs can only be reused on the epochs they came from). Each folder names its settings and the
 * process writing it in `protocol.json`, so a folder another running process is writing to is never removed.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { alive } from '../study/lock';
import type { Epochs } from '../signal/types';
import { epochsFile, readEpochRows } from '../signal/spill';
import type { ProtocolOptions } from '../dataset/protocolFolds';
import type { ProtocolRunStore, ProtocolRunId } from './protocolRun';
import type { PipelineName, ProtocolRow } from './protocolResult';

const FORMAT = 1;

const bytesOf = (a: ArrayBufferView): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

const identities = new WeakMap<Epochs, string>();

/**
 * A hash of what the epochs are: samples, labels, per-epoch subject and session, channels, rate, window, classes.
 * Epochs are immutable in a Study, so it is computed once per object (the confirmation and the run share it).
 */
export function epochsIdentity(e: Epochs): string {
  const known = identities.get(e);
  if (known) return known;
  const h = createHash('sha256');
  h.update(
    JSON.stringify({ n: e.nEpochs, c: e.nChannels, t: e.nTimes, channels: e.channels, sfreq: e.sfreq, tmin: e.tmin, eventId: e.eventId, baseline: e.baseline }),
  );
  const file = epochsFile(e);
  if (file) {
    // samples kept on disk are hashed from the file in blocks of epochs, never loaded whole (same bytes, same hash)
    const block = Math.max(1, Math.floor((16 << 20) / (e.nChannels * e.nTimes * 4)));
    for (let i = 0; i < e.nEpochs; i += block) {
      const idx = Int32Array.from({ length: Math.min(block, e.nEpochs - i) }, (_, k) => i + k);
      h.update(bytesOf(readEpochRows(file, idx)));
    }
  } else h.update(bytesOf(e.data));
  h.update(bytesOf(e.labels));
  h.update(e.subject.join('\u0000'));
  h.update('\u0001');
  h.update(e.session.join('\u0000'));
  const id = h.digest('hex');
  identities.set(e, id);
  return id;
}

const sha = (v: unknown): string => createHash('sha256').update(JSON.stringify(v)).digest('hex');

/** The protocol settings with their defaults resolved (what makes two calls "the same protocol"). */
const settingsOf = (o: ProtocolOptions) => ({
  format: FORMAT,
  protocol: o.protocol,
  folds: o.protocol === 'within_session' ? (o.folds ?? 5) : null,
  nTestSubjects: o.protocol === 'cross_subject' ? (o.nTestSubjects ?? 1) : null,
  seed: o.seed ?? 0,
  poolSessions: o.protocol === 'within_session' && !!o.poolSessions,
});

/** The folder key: protocol settings with their defaults resolved, plus the epochs' identity. */
export function protocolKey(o: ProtocolOptions, identity: string): string {
  return sha({ ...settingsOf(o), identity }).slice(0, 24);
}

/** The protocol settings alone, as a short hash: a resume folder of another key with these settings is replaced. */
export function protocolSettingsKey(o: ProtocolOptions): string {
  return sha(settingsOf(o)).slice(0, 24);
}

/** What a resume folder's `protocol.json` says: its protocol settings and the process that last wrote to it. */
interface FolderOwner {
  format: number;
  settings: string;
  pid: number;
}

const OWNER_FILE = 'protocol.json';

/**
 * Removes the resume folders under `root` that a call of the same protocol settings on other epochs replaces:
 * every folder but `keep` whose `protocol.json` names `settings`, unless another running process is writing it.
 * Folders of other settings are left (another protocol, resumable), and so are folders without a readable
 * `protocol.json` (written before folders named their settings). Returns the keys removed.
 */
export function removeReplaced(root: string, keep: string, settings: string): string[] {
  let keys: string[];
  try {
    keys = readdirSync(root);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const key of keys) {
    if (key === keep) continue;
    let owner: FolderOwner;
    try {
      owner = JSON.parse(readFileSync(path.join(root, key, OWNER_FILE), 'utf8')) as FolderOwner;
    } catch {
      continue;
    }
    if (owner.settings !== settings || (owner.pid !== process.pid && alive(owner.pid))) continue;
    rmSync(path.join(root, key), { recursive: true, force: true });
    removed.push(key);
  }
  return removed;
}

interface RunFile {
  format: number;
  foldIndex: number;
  foldName: string;
  pipeline: PipelineName;
  variant: string;
  rows: ProtocolRow[];
}

/**
 * A run store in `dir` (created on the first write). `variantOf(pipeline)` names what else a pipeline's result depends
 * on (the model families: their training configuration); baselines use "".
 */
export function fileRunStore(
  dir: string,
  variantOf: (pipeline: PipelineName) => string,
): ProtocolRunStore & { dir: string; clear: () => void; claim: (settings: string) => void } {
  const fileOf = (r: ProtocolRunId): { file: string; variant: string } => {
    const variant = variantOf(r.pipeline);
    const safe = r.pipeline.replace(/[^A-Za-z0-9]+/g, '_');
    return { file: path.join(dir, `${String(r.foldIndex).padStart(5, '0')}-${safe}${variant ? `-${variant.slice(0, 12)}` : ''}.json`), variant };
  };
  return {
    dir,
    get(r) {
      const { file, variant } = fileOf(r);
      let f: RunFile;
      try {
        f = JSON.parse(readFileSync(file, 'utf8')) as RunFile;
      } catch {
        return undefined; // absent or cut short: not done
      }
      const ok =
        f.format === FORMAT &&
        f.foldIndex === r.foldIndex &&
        f.foldName === r.foldName &&
        f.pipeline === r.pipeline &&
        f.variant === variant &&
        Array.isArray(f.rows) &&
        f.rows.length > 0;
      return ok ? f.rows : undefined;
    },
    put(r, rows) {
      const { file, variant } = fileOf(r);
      mkdirSync(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      const body: RunFile = { format: FORMAT, foldIndex: r.foldIndex, foldName: r.foldName, pipeline: r.pipeline, variant, rows };
      writeFileSync(tmp, JSON.stringify(body));
      renameSync(tmp, file);
    },
    clear() {
      rmSync(dir, { recursive: true, force: true });
    },
    /** A call starts writing here: the folder names its protocol settings and this process (see removeReplaced). */
    claim(settings) {
      mkdirSync(dir, { recursive: true });
      const owner: FolderOwner = { format: FORMAT, settings, pid: process.pid };
      const tmp = path.join(dir, `${OWNER_FILE}.${process.pid}.tmp`);
      writeFileSync(tmp, JSON.stringify(owner));
      renameSync(tmp, path.join(dir, OWNER_FILE));
    },
  };
}

/** The training settings a model pipeline's result depends on, as a short hash. */
export const trainingVariant = (settings: unknown): string => sha(settings).slice(0, 12);

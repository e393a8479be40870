import { createHash } from 'node:crypto';
import { readFile, access, readdir, unlink, mkdir } from 'node:fs/promises';
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { diskEpochs, diskRows, diskRowsInfo, epochsFile, spillDir, inUseHere, sourceRows } from '../signal/spill';
import { checkUnchanged, openSourceFile } from '../io/sourceFile';
import { writeFileAtomic } from './atomicWrite';
import { XBrainError } from '../errors';
import { checkInvariants } from './invariants';
import type { StudyState } from './types';
import type { Recording, EventList } from '../io/types';
import type { Epochs } from '../signal/types';

export const STUDY_FORMAT = 'xbrain-study';
export const STUDY_VERSION = 1;

type TypedArray = Float32Array | Int32Array;
const KINDS = { f32: Float32Array, i32: Int32Array } as const;
interface ArrayRef {
  $array: string;
  dtype: keyof typeof KINDS;
  length: number;
}

export function studyDir(workspace: string): string {
  return join(workspace, '.xbrain');
}
export function studyFile(workspace: string): string {
  return join(studyDir(workspace), 'study.json');
}

export async function studyFileExists(workspace: string): Promise<boolean> {
  return access(studyFile(workspace)).then(
    () => true,
    () => false,
  );
}

/**
 * Saves the Study: arrays go to content-addressed files under `.xbrain/arrays/` (written first, never overwritten
 * with other content), then `study.json` is replaced atomically with the previous one kept as `study.json.bak`.
 * A crash at any point leaves a study.json whose arrays all exist.
 */
export async function saveStudy(workspace: string, s: StudyState): Promise<void> {
  const arraysDir = join(studyDir(workspace), 'arrays');
  await mkdir(arraysDir, { recursive: true });
  const existing = new Set(await readdir(arraysDir).catch(() => [] as string[]));
  const used = new Set<string>();
  const writes: Promise<void>[] = [];

  const ref = (a: TypedArray): ArrayRef => {
    const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    const dtype = a instanceof Float32Array ? 'f32' : 'i32';
    const name = `${createHash('sha1').update(bytes).digest('hex')}.${dtype}`;
    used.add(name);
    if (!existing.has(name)) {
      existing.add(name);
      writes.push(writeFileAtomic(join(arraysDir, name), bytes));
    }
    return { $array: name, dtype, length: a.length };
  };

  // Samples kept on disk (signal/spill.ts) are saved as references to their spill files, not copied.
  const spills = spillDir(workspace);
  const usedSpill = new Set<string>();
  const spilled = (file: string): string => {
    const name = basename(file);
    if (dirname(file) !== spills) {
      mkdirSync(spills, { recursive: true });
      copyFileSync(file, join(spills, name));
    }
    usedSpill.add(name);
    return name;
  };
  const doc = {
    format: STUDY_FORMAT,
    version: STUDY_VERSION,
    savedAt: new Date().toISOString(),
    state: encode(s, ref, spilled),
  };
  await Promise.all(writes);
  await writeFileAtomic(studyFile(workspace), JSON.stringify(doc), { backup: true });
  // Arrays referenced by neither the new nor the backup state can go.
  const keep = new Set(used);
  const bak = await readFile(`${studyFile(workspace)}.bak`, 'utf8').catch(() => '');
  for (const m of bak.matchAll(/"\$array":"([^"]+)"/g)) keep.add(m[1]);
  for (const f of existing) if (!keep.has(f)) await unlink(join(arraysDir, f)).catch(() => undefined);
  // Spill files too, except those a live object of this process still reads (a state held for roll-back, say).
  for (const m of bak.matchAll(/"\$(?:rows|epochs)":"([^"]+)"/g)) usedSpill.add(m[1]);
  for (const f of await readdir(spills).catch(() => [] as string[]))
    if (!usedSpill.has(f) && !inUseHere(f)) await unlink(join(spills, f)).catch(() => undefined);
}

function encode(s: StudyState, ref: (a: TypedArray) => ArrayRef, spilled: (file: string) => string): unknown {
  return JSON.parse(
    JSON.stringify(s, (_k, v) => {
      const rows = diskRowsInfo(v);
      // a recording backed by its source file is saved as a reference to that file, checked when the study is opened
      if (rows?.source) return { $source: rows.file, size: rows.source.size, mtimeMs: rows.source.mtimeMs, nChannels: rows.nChannels, nTimes: rows.nTimes };
      if (rows) return { $rows: spilled(rows.file), nChannels: rows.nChannels, nTimes: rows.nTimes };
      const ef = v && typeof v === 'object' && !ArrayBuffer.isView(v) ? epochsFile(v as Epochs) : undefined;
      if (ef) {
        // every field but the samples, read without the getter that would load them
        const meta: Record<string, unknown> = {};
        for (const k of Object.keys(v)) if (k !== 'data') meta[k] = (v as Record<string, unknown>)[k];
        return { ...meta, data: { $epochs: spilled(ef.file), nEpochs: ef.nEpochs, nChannels: ef.nChannels, nTimes: ef.nTimes } };
      }
      if (v instanceof Float32Array || v instanceof Int32Array) return ref(v);
      if (ArrayBuffer.isView(v)) throw new XBrainError('internal', `cannot persist ${v.constructor.name}`);
      return v;
    }),
  );
}

/** Loads `.xbrain/study.json`; a corrupt or foreign file is a typed error and is never overwritten here. */
export async function loadStudy(workspace: string): Promise<StudyState> {
  const file = studyFile(workspace);
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch {
    throw new XBrainError('not_found', `${file}: no saved study`);
  }
  let doc: { format?: unknown; version?: unknown; state?: unknown };
  try {
    doc = JSON.parse(raw);
  } catch (e) {
    throw new XBrainError('bad_file', `${file}: not valid JSON (${(e as Error).message}); the file was left as it is — a backup may be in study.json.bak`);
  }
  if (!doc || doc.format !== STUDY_FORMAT) throw new XBrainError('bad_file', `${file}: field 'format' is not '${STUDY_FORMAT}' — not an XBrain study file`);
  if (doc.version !== STUDY_VERSION)
    throw new XBrainError('bad_file', `${file}: field 'version' is ${JSON.stringify(doc.version)}, this XBrain reads version ${STUDY_VERSION}`);
  if (!doc.state || typeof doc.state !== 'object') throw new XBrainError('bad_file', `${file}: field 'state' is missing`);

  const arraysDir = join(studyDir(workspace), 'arrays');
  const pending: Promise<void>[] = [];
  const state = reviveRefs(doc.state, (r, set) => {
    pending.push(
      readFile(join(arraysDir, r.$array)).then(
        (buf) => {
          const Ctor = KINDS[r.dtype];
          if (!Ctor || buf.byteLength !== r.length * Ctor.BYTES_PER_ELEMENT) {
            throw new XBrainError('bad_file', `${file}: array ${r.$array} has ${buf.byteLength} bytes, expected ${r.length} × ${r.dtype}`);
          }
          const copy = new Uint8Array(buf.byteLength);
          copy.set(buf);
          set(new Ctor(copy.buffer));
        },
        () => {
          throw new XBrainError('bad_file', `${file}: array file arrays/${r.$array} is missing`);
        },
      ),
    );
  }) as StudyState;
  await Promise.all(pending);
  reviveSpilled(state, spillDir(workspace), file);
  await reviveSources(state, file);
  const full = normalise(state);
  try {
    checkInvariants(full);
  } catch (e) {
    throw new XBrainError('bad_file', `${file}: inconsistent study (${(e as Error).message})`);
  }
  return full;
}

interface RowsRef {
  $rows: string;
  nChannels: number;
  nTimes: number;
}
interface EpochsRef {
  $epochs: string;
  nEpochs: number;
  nChannels: number;
  nTimes: number;
}

/** Recordings and epochs saved as spill-file references get their disk-backed views back; a missing file is bad_file. */
function reviveSpilled(state: Partial<StudyState>, dir: string, file: string): void {
  const check = (name: unknown, bytes: number): string => {
    if (typeof name !== 'string' || name.includes('/') || name.includes('\\'))
      throw new XBrainError('bad_file', `${file}: spill reference ${JSON.stringify(name)} is not a file name`);
    const full = join(dir, name);
    const size = existsSync(full) ? statSync(full).size : -1;
    if (size < 0) throw new XBrainError('bad_file', `${file}: spill file spill/${name} is missing`);
    if (size !== bytes) throw new XBrainError('bad_file', `${file}: spill file spill/${name} has ${size} bytes, expected ${bytes}`);
    return full;
  };
  for (const r of (state.recordings ?? []) as unknown as { data: unknown }[]) {
    const d = r.data as RowsRef;
    if (d && typeof d === 'object' && !Array.isArray(d) && '$rows' in d) {
      r.data = diskRows({ file: check(d.$rows, d.nChannels * d.nTimes * 4), nChannels: d.nChannels, nTimes: d.nTimes });
    }
  }
  const e = state.epochs as unknown as (Omit<Epochs, 'data'> & { data: unknown }) | null | undefined;
  const d = e?.data as EpochsRef | undefined;
  if (e && d && typeof d === 'object' && '$epochs' in d) {
    const { data: _ref, ...meta } = e;
    const full = check(d.$epochs, d.nEpochs * d.nChannels * d.nTimes * 4);
    try {
      state.epochs = diskEpochs(meta, { file: full, nEpochs: d.nEpochs, nChannels: d.nChannels, nTimes: d.nTimes });
    } catch (err) {
      throw new XBrainError('bad_file', `${file}: ${(err as Error).message}`);
    }
  }
}

interface SourceRef {
  $source: string;
  size: number;
  mtimeMs: number;
  nChannels: number;
  nTimes: number;
}

/**
 * Recordings saved as references to their source file (io/sourceFile.ts) get their source-backed views back. The file
 * must be there, with the size and modification time it had when it was loaded, and the same shape: else bad_file
 * naming it (a study never shows samples other than those it loaded).
 */
async function reviveSources(state: Partial<StudyState>, file: string): Promise<void> {
  for (const r of (state.recordings ?? []) as unknown as { data: unknown }[]) {
    const d = r.data as SourceRef;
    if (!d || typeof d !== 'object' || Array.isArray(d) || !('$source' in d)) continue;
    const path = d.$source;
    if (typeof path !== 'string' || !existsSync(path))
      throw new XBrainError('bad_file', `${file}: recording source ${JSON.stringify(path)} is missing`, { path });
    try {
      const opened = await openSourceFile(path);
      if (!opened) throw new XBrainError('bad_file', `${path}: not a format a recording can be backed by`, { path });
      checkUnchanged({ path, size: d.size, mtimeMs: d.mtimeMs }, opened.source);
      if (opened.source.nChannels !== d.nChannels || opened.source.nTimes !== d.nTimes)
        throw new XBrainError(
          'bad_file',
          `${path}: holds ${opened.source.nChannels} × ${opened.source.nTimes} samples, the study ${d.nChannels} × ${d.nTimes}`,
          {
            path,
          },
        );
      r.data = sourceRows(opened.source);
    } catch (err) {
      if (err instanceof XBrainError) throw new XBrainError('bad_file', `${file}: ${err.message}`, { ...err.details, path });
      throw err;
    }
  }
}

function reviveRefs(node: unknown, load: (r: ArrayRef, set: (a: TypedArray) => void) => void): unknown {
  if (Array.isArray(node)) {
    node.forEach((v, i) => {
      if (isRef(v)) load(v, (a) => (node[i] = a));
      else reviveRefs(v, load);
    });
  } else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      const v = o[k];
      if (isRef(v)) load(v, (a) => (o[k] = a));
      else reviveRefs(v, load);
    }
  }
  return node;
}

function isRef(v: unknown): v is ArrayRef {
  return !!v && typeof v === 'object' && typeof (v as ArrayRef).$array === 'string';
}

/** Fills fields added after a study was written so older files keep loading. */
function normalise(s: Partial<StudyState>): StudyState {
  return {
    recordings: (s.recordings ?? []) as Recording[],
    loadedEvents: (s.loadedEvents ?? []) as EventList[],
    history: s.history ?? [],
    epochs: (s.epochs ?? null) as Epochs | null,
    epochHistory: s.epochHistory ?? [],
    dataset: s.dataset ?? null,
    model: s.model ?? null,
    training: s.training ?? null,
    // A local run cannot outlive the process that saved it: it is reported as interrupted, not as still running.
    runs: (s.runs ?? []).map((r) =>
      r.status === 'running' && !r.artefacts?.external
        ? { ...r, status: 'failed' as const, error: r.error ?? 'interrupted: XBrain stopped while this run was training' }
        : r,
    ),
    evaluations: s.evaluations ?? [],
    montage: s.montage ?? null,
    ...(s.protocols?.length ? { protocols: s.protocols } : {}),
  };
}

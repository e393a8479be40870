/**
 * The simulated Study behind `--mock` (xbrain ask / mcp) and `npm run eval:agent`: the REAL tools (the same registry
 * and implementations chat, CLI and MCP use) over simulated recordings written as EDF+ files into the session's
 * workspace. Nothing here re-implements a tool, so mock mode has exactly the real confirmations, errors and stage
 * transitions; only the recordings are synthetic (src/core/io/simulate.ts).
 *
 * Facts the agent cases may rely on (also in docs/agent.md "The simulated Study"):
 * - files S001R04.edf, S001R08.edf, S001R12.edf at the workspace root and again in data/ (subject 001, sessions
 *   04/08/12 from the names); S002R04.edf at the root (a second subject, loaded by no stage); nothing else
 * - 64 EEG channels with 10-10 names in PhysioNet's order (FC5 … Iz, SIMULATED_CHANNELS), 160 Hz, 125 s each
 * - events T0 (rest), T1, T2 as annotations: per file T0 = 15, T1 = 8, T2 = 7; rest 4.2 s and cue 4.1 s alternate
 * - stages are reached by running the real tools on those files (simulatedStageSetup): data_loaded = the three
 *   files; preprocessed = band-pass 8–30 Hz + epochs 0–4 s around T1/T2 (45 epochs: T1 24, T2 21, 641 samples);
 *   dataset_ready = generate_dataset with its defaults; trained = EEGNet, configure_training(10 epochs, batch 32,
 *   lr 0.001) and one real run; training = EEGNet started for TRAINING_STAGE_EPOCHS epochs in a real trainer
 *   process, still running (stop_training or disposeSimulatedSession ends it)
 * - training runs the real trainer for at most SIMULATED_EPOCH_LIMIT epoch(s) per run (ToolEnv.trainingEpochLimit)
 *
 * Speed: each stage is built once per process in a template workspace and every session gets a copy (the Study
 * state cloned with its paths moved to the session's workspace, the recordings hard-linked, .xbrain/runs copied).
 */
import { copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { writeEdf } from '../io/edfWrite';
import { PHYSIONET_CHANNELS, simulateRun } from '../io/simulate';
import { saveStudy } from '../study/persistence';
import { Study } from '../study/study';
import type { Stage, StudyState } from '../study/types';
import { XBrainError } from '../errors';
import type { ToolEnv } from '../tools/types';
import { XBrainSession } from '../session';

/** The recordings every stage from data_loaded on holds. */
export const SIMULATED_FILES = ['S001R04.edf', 'S001R08.edf', 'S001R12.edf'] as const;
/** Also in the workspace, not loaded: a second subject's run. */
export const EXTRA_SIMULATED_FILES = ['S002R04.edf'] as const;
/** The folder that holds a copy of SIMULATED_FILES ("load the recordings in folder data"). */
export const SIMULATED_DATA_FOLDER = 'data';
/** PhysioNet's dotted BCI2000 labels written as the 10-10 system writes them: 'Fc5.' → 'FC5', 'Fpz.' → 'Fpz'. */
export const SIMULATED_CHANNELS: readonly string[] = PHYSIONET_CHANNELS.map(tenTenName);
export const SIMULATED_SFREQ = 160;
export const SIMULATED_SECONDS = 125;
/** Per file. PhysioNet's runs have 15 rest periods; the simulator's extra closing T0 is left out. */
export const SIMULATED_EVENT_COUNTS = { T0: 15, T1: 8, T2: 7 } as const;
/**
 * Training in a simulated session runs the real trainer for at most this many epochs per run (ToolEnv.
 * trainingEpochLimit; the result says so): EEGNet on 45 epochs of 64 × 641 samples takes about a second per epoch
 * here, ShallowConvNet tens of seconds, so a case that asks for 40 epochs would otherwise take minutes.
 */
export const SIMULATED_EPOCH_LIMIT = 1;
/** The training stage's run (not limited): long enough that it is still running when a case looks at it. */
export const TRAINING_STAGE_EPOCHS = 10000;

type Call = { tool: string; arguments: Record<string, unknown> };
type TemplateStage = Exclude<Stage, 'training'>;

/** Each stage is the one before it plus these calls ('training' starts a long run on dataset_ready, see mockSession). */
const PREVIOUS: Record<TemplateStage, TemplateStage | null> = {
  empty: null,
  data_loaded: 'empty',
  preprocessed: 'data_loaded',
  dataset_ready: 'preprocessed',
  trained: 'dataset_ready',
};
const STEPS: Record<TemplateStage, Call[]> = {
  empty: [],
  data_loaded: [{ tool: 'load_data', arguments: { paths: [...SIMULATED_FILES] } }],
  preprocessed: [
    { tool: 'apply_bandpass_filter', arguments: { low_freq: 8, high_freq: 30 } },
    { tool: 'epoch_data', arguments: { t_min: 0, t_max: 4, event_id: ['T1', 'T2'] } },
  ],
  dataset_ready: [{ tool: 'generate_dataset', arguments: {} }],
  trained: [
    { tool: 'set_model', arguments: { model_name: 'EEGNet' } },
    { tool: 'configure_training', arguments: { epoch: 10, batch_size: 32, learning_rate: 0.001 } },
    { tool: 'start_training', arguments: {} },
  ],
};
const TRAINING_STEPS: Call[] = [
  { tool: 'set_model', arguments: { model_name: 'EEGNet' } },
  { tool: 'configure_training', arguments: { epoch: TRAINING_STAGE_EPOCHS, batch_size: 32, learning_rate: 0.001 } },
];

/**
 * The environment of every simulated session: trusted, training limited to SIMULATED_EPOCH_LIMIT epochs and run on
 * one trainer thread unless the caller set otherwise (one case trains at a time; at 27 training epochs per split a
 * second data-parallel thread costs more CPU than it saves: eval:agent 88 → 84 s CPU).
 */
function simulatedEnv(env: ToolEnv, workspace: string): ToolEnv {
  return { ...env, workspace, trusted: true, trainingEpochLimit: env.trainingEpochLimit ?? SIMULATED_EPOCH_LIMIT, trainerThreads: env.trainerThreads ?? 1 };
}

/** Every call that brings a workspace of simulated files to a stage, in order (for docs and tests). */
export function simulatedStageSetup(stage: Stage): Call[] {
  if (stage === 'training') return [...simulatedStageSetup('dataset_ready'), ...TRAINING_STEPS, { tool: 'start_training', arguments: {} }];
  const prev = PREVIOUS[stage];
  return [...(prev ? simulatedStageSetup(prev) : []), ...STEPS[stage]];
}

function tenTenName(label: string): string {
  const name = label.replace(/\.+$/, '');
  // BCI2000 writes two-letter sites with a lower-case second letter (Fc5, Cpz, Af3, Tp7, Po8); the 10-10 system
  // writes them upper-case (FC5, CPz, AF3, TP7, PO8) except Fp (Fp1, Fpz)
  return /^(?:Fc|Cp|Af|Ft|Tp|Po)/.test(name) ? name.slice(0, 2).toUpperCase() + name.slice(2) : name;
}

/** Writes one simulated run as EDF+ with the facts above (seeded by subject and run, so every build is the same). */
function writeSimulatedFile(path: string, subject: number, run: number): void {
  const sim = simulateRun({ seed: 1, subject, run, sfreq: SIMULATED_SFREQ, trials: 15, duration: SIMULATED_SECONDS });
  // the simulator closes the run with a truncated rest period; PhysioNet's runs (and these facts) have 15 of each
  const annotations = sim.annotations.filter((a, i, all) => !(i === all.length - 1 && a.description === 'T0'));
  writeEdf(path, {
    channels: sim.channels.map((c, i) => ({ ...c, name: SIMULATED_CHANNELS[i] })),
    sfreq: sim.sfreq,
    data: sim.data,
    annotations,
    measDate: sim.measDate,
    patientId: `X X X XBrain-simulated-S${String(subject).padStart(3, '0')}`,
  });
}

/** Writes the simulated files of a workspace (the data of every stage). */
function writeSimulatedFiles(workspace: string): void {
  mkdirSync(join(workspace, SIMULATED_DATA_FOLDER), { recursive: true });
  for (const f of [...SIMULATED_FILES, ...EXTRA_SIMULATED_FILES]) {
    const m = /^S(\d{3})R(\d{2})\.edf$/.exec(f) as RegExpExecArray;
    writeSimulatedFile(join(workspace, f), Number(m[1]), Number(m[2]));
  }
  for (const f of SIMULATED_FILES) copyFileSync(join(workspace, f), join(workspace, SIMULATED_DATA_FOLDER, f));
}

interface Template {
  /** the workspace the stage was built in: simulated files plus .xbrain/runs of trained stages */
  dir: string;
  state: StudyState;
}

const templates = new Map<string, Promise<Template>>();
let templateRoot: string | null = null;

function rootDir(): string {
  if (!templateRoot) {
    templateRoot = mkdtempSync(join(tmpdir(), 'xbrain-simulated-'));
    const root = templateRoot;
    process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  }
  return templateRoot;
}

async function run(session: XBrainSession, calls: Call[], stage: string): Promise<void> {
  for (const c of calls) {
    const r = await session.invoke(c.tool, c.arguments, { confirmed: true, awaitLongJobs: true });
    if (r.type === 'error') throw new XBrainError('internal', `simulated Study: building stage ${stage} failed at ${c.tool}: ${r.content}`);
  }
}

function template(env: ToolEnv, stage: TemplateStage): Promise<Template> {
  const key = `${env.packageRoot}\u0000${stage}`;
  let t = templates.get(key);
  if (!t) {
    t = (async () => {
      const dir = mkdtempSync(join(rootDir(), `${stage}-`));
      const prev = PREVIOUS[stage];
      let state: StudyState | undefined;
      if (prev) {
        const before = await template(env, prev);
        copyWorkspace(before.dir, dir);
        state = rebased(before.state, before.dir, dir);
      } else writeSimulatedFiles(dir);
      const session = XBrainSession.inMemory({ ...simulatedEnv(env, dir), dataFolders: [] }, new Study(state));
      await run(session, STEPS[stage], stage);
      if (session.study.stage !== stage) throw new XBrainError('internal', `simulated Study: the setup of ${stage} reached ${session.study.stage}`);
      return { dir, state: session.study.state as StudyState };
    })();
    templates.set(key, t);
    t.catch(() => templates.delete(key));
  }
  return t;
}

/** The template's state for another workspace: a deep copy with every path inside the template moved there. */
function rebased(state: StudyState, from: string, to: string): StudyState {
  const move = (v: unknown): unknown => {
    if (typeof v === 'string') return v === from || v.startsWith(from + sep) ? to + v.slice(from.length) : v;
    if (Array.isArray(v)) return v.map(move);
    if (v && typeof v === 'object' && !ArrayBuffer.isView(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, move(x)]));
    return v;
  };
  return move(structuredClone(state)) as StudyState;
}

/**
 * Copies a template workspace: the recordings (large, only ever read) are hard-linked when the file system allows,
 * everything else (.xbrain/runs: small, and a later run could write beside them) is copied.
 */
function copyWorkspace(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const a = join(from, name),
      b = join(to, name);
    if (statSync(a).isDirectory()) copyWorkspace(a, b);
    else if (existsSync(b)) continue;
    else if (name.endsWith('.edf')) {
      try {
        linkSync(a, b);
      } catch {
        copyFileSync(a, b);
      }
    } else copyFileSync(a, b);
  }
}

export interface SimulatedSessionOptions {
  /** write the Study to `<workspace>/.xbrain/study.json` after every change (a CLI conversation that continues) */
  persist?: boolean;
}

/**
 * A real session over a simulated Study at `stage` in `env.workspace` (which receives the simulated files; use an
 * empty folder). Built from the process's template of that stage; 'training' starts a real trainer on a copy of
 * dataset_ready and returns once the run is registered.
 */
export async function mockSession(env: ToolEnv, stage: Stage = 'empty', opts: SimulatedSessionOptions = {}): Promise<XBrainSession> {
  const t = await template(env, stage === 'training' ? 'dataset_ready' : stage);
  copyWorkspace(t.dir, env.workspace);
  const state = rebased(t.state, t.dir, env.workspace);
  const caseEnv = simulatedEnv(env, env.workspace);
  let session: XBrainSession;
  if (opts.persist) {
    await saveStudy(env.workspace, state);
    session = await XBrainSession.open(caseEnv, { owner: 'xbrain ask --mock' });
  } else session = XBrainSession.inMemory(caseEnv, new Study(state));
  if (stage === 'training') {
    await run(session, TRAINING_STEPS, stage);
    // started through a second session on the same Study without the epoch limit, and not awaited: the run stays in
    // the training stage until stop_training (or disposeSimulatedSession) ends it
    const starter = XBrainSession.inMemory({ ...caseEnv, trainingEpochLimit: undefined }, session.study);
    const r = await starter.invoke('start_training', {}, { confirmed: true });
    if (r.type === 'error') throw new XBrainError('internal', `simulated Study: building stage training failed at start_training: ${r.content}`);
  }
  if (session.study.stage !== stage) throw new XBrainError('internal', `simulated Study: reached ${session.study.stage}, not ${stage}`);
  return session;
}

/**
 * Reopens a simulated Study that mockSession(…, { persist: true }) wrote to `env.workspace` (a CLI conversation's
 * second turn): the same environment (trusted, epochs limited), the Study as the last turn left it.
 */
export async function reopenSimulatedSession(env: ToolEnv): Promise<XBrainSession> {
  return XBrainSession.open(simulatedEnv(env, env.workspace), { owner: 'xbrain ask --mock' });
}

/** Stops a simulated session's training (if one runs) and releases it; its workspace stays. */
export async function disposeSimulatedSession(session: XBrainSession): Promise<void> {
  if (session.study.stage === 'training') await session.invoke('stop_training', {});
  await session.dispose();
}

/** One evaluation case: a simulated session in a fresh folder under `env.workspace`; `close` stops it and removes the folder. */
export async function simulatedCase(env: ToolEnv, stage: Stage): Promise<{ session: XBrainSession; close: () => Promise<void> }> {
  mkdirSync(env.workspace, { recursive: true });
  const workspace = mkdtempSync(join(env.workspace, 'case-'));
  const session = await mockSession({ ...env, workspace }, stage);
  return {
    session,
    close: async () => {
      await disposeSimulatedSession(session);
      rmSync(workspace, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a planned sweep on a backend. local / pytorch: the tasks run one after another through the launcher (the
 * TypeScript trainer already uses both cores; the user's GPU serves one run at a time). slurm: one array job; the
 * runner follows each task's event file and the Slurm task states, so the same progress events come out.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { XBrainError } from '../../errors';
import { spawnForBackend } from '../backends';
import { arrayTaskStates, cancelJob, isTerminal, submitArray, writeArrayScript, type SlurmOptions } from '../backends/slurm';
import type { BackendName, BackendSettings } from '../backends/types';
import { writeSharedArrays, writeTrainerJob, type TrainerJob } from '../job';
import { launchTrainer, type TrainerRun } from '../launcher';
import type { InputSpec, ModelName, ModelParams } from '../models';
import { parseEvent, type DoneEvent, type ProgressEvent } from '../protocol';
import { aggregateSweep, finalMetrics, type PointSummary, type SweepTaskResult, type SweepTaskStatus } from './aggregate';
import type { GridValue, SweepTask } from './plan';

export interface SweepSplit {
  name: string;
  train: ArrayLike<number>;
  val?: ArrayLike<number>;
  test?: ArrayLike<number>;
}

export interface SweepInput {
  dir: string;
  tasks: SweepTask[];
  spec: InputSpec;
  model: { name: ModelName; params: ModelParams };
  /** the configure_training settings every point starts from */
  config: TrainerJob['config'];
  /** the epochs, or a file holding them in the trainer's layout (disk-backed epochs) */
  x: Float32Array | { file: string };
  labels: ArrayLike<number>;
  splits: SweepSplit[];
  /** at most this many epochs per task, also when the grid sets `epoch` (ToolEnv.trainingEpochLimit) */
  maxEpochs?: number;
}

export interface PreparedTask {
  task: SweepTask;
  /** the base model with the task's grid point applied */
  model: SweepInput['model'];
  jobFile: string;
  outDir: string;
}

/** Applies a grid point to the base model and training settings. */
export function applyPoint(
  point: Record<string, GridValue>,
  model: SweepInput['model'],
  config: TrainerJob['config'],
): { model: SweepInput['model']; config: TrainerJob['config'] } {
  const m = { name: model.name, params: { ...model.params } };
  const c = { ...config };
  for (const [k, v] of Object.entries(point)) {
    switch (k) {
      case 'epoch':
        c.epochs = Number(v);
        break;
      case 'batch_size':
        c.batchSize = Number(v);
        break;
      case 'learning_rate':
        c.learningRate = Number(v);
        break;
      case 'optimizer':
        c.optimizer = String(v) as TrainerJob['config']['optimizer'];
        break;
      case 'selection':
        c.selection = String(v) as TrainerJob['config']['selection'];
        break;
      case 'model_name':
        m.name = String(v) as ModelName;
        break;
      default:
        m.params[k] = Number(v);
    }
  }
  return { model: m, config: c };
}

/** Writes the epochs and labels once and one job file per task (splits per fold); returns the task files. */
export function prepareSweep(input: SweepInput): PreparedTask[] {
  const shared = writeSharedArrays(path.join(input.dir, 'data'), input.x, input.labels);
  return input.tasks.map((task) => {
    const split = input.splits[task.fold];
    if (!split)
      throw new XBrainError('invalid_arguments', `The sweep asks for fold ${task.fold + 1} but the dataset has ${input.splits.length} split(s).`, {
        field: 'folds',
      });
    const { model, config: pointConfig } = applyPoint(task.point, input.model, input.config);
    const config = input.maxEpochs ? { ...pointConfig, epochs: Math.min(pointConfig.epochs, input.maxEpochs) } : pointConfig;
    const dir = path.join(input.dir, `task-${task.index}`);
    const outDir = path.join(dir, 'out');
    const jobFile = writeTrainerJob(dir, {
      model: model.name,
      params: model.params,
      spec: input.spec,
      config,
      seed: task.seed,
      ...shared,
      splits: { train: split.train, val: split.val, test: split.test },
      outDir,
    });
    return { task, model, jobFile, outDir };
  });
}

export type SweepEvent =
  | { type: 'submitted'; backend: BackendName; jobId?: string; tasks: number }
  | { type: 'task'; index: number; status: SweepTaskStatus; progress?: ProgressEvent; error?: string }
  | { type: 'finished'; status: SweepStatus; summary: PointSummary[] };

export type SweepStatus = 'done' | 'failed' | 'cancelled';

export interface SweepOutcome {
  status: SweepStatus;
  results: SweepTaskResult[];
  summary: PointSummary[];
  jobId?: string;
  /** submit → first task running, and submit → all finished (seconds) */
  timings: { firstStart: number | null; total: number };
}

export interface SweepRunOptions {
  backend: BackendName;
  /** which trainer the slurm tasks run */
  taskBackend?: 'local' | 'pytorch';
  settings: BackendSettings;
  slurm?: SlurmOptions;
  pollMs?: number;
}

const tailLines = (file: string, n: number): string[] => {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-n);
  } catch {
    return [];
  }
};

/** One sweep in flight. */
export class SweepRun {
  readonly results: SweepTaskResult[];
  readonly finished: Promise<SweepOutcome>;
  private cancelled = false;
  private current: TrainerRun | null = null;
  private jobId: string | undefined;
  private readonly listeners = new Set<(e: SweepEvent) => void>();
  private readonly t0 = Date.now();
  private firstStart: number | null = null;

  constructor(
    readonly prepared: PreparedTask[],
    private readonly opts: SweepRunOptions,
  ) {
    this.results = prepared.map((p) => ({ task: p.task, status: 'pending' }));
    this.finished = (opts.backend === 'slurm' ? this.runSlurm() : this.runSequential()).then((status) => {
      const summary = aggregateSweep(this.results);
      this.fire({ type: 'finished', status, summary });
      return { status, results: this.results, summary, jobId: this.jobId, timings: { firstStart: this.firstStart, total: (Date.now() - this.t0) / 1000 } };
    });
  }

  on(listener: (e: SweepEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private fire(e: SweepEvent): void {
    for (const l of this.listeners) l(e);
  }

  private setStatus(i: number, status: SweepTaskStatus, extra: Partial<SweepTaskResult> = {}): void {
    Object.assign(this.results[i], { status, ...extra });
    if (status === 'running' && this.firstStart === null) this.firstStart = (Date.now() - this.t0) / 1000;
    this.fire({ type: 'task', index: i, status, error: extra.error });
  }

  private async runSequential(): Promise<SweepStatus> {
    const backend = this.opts.backend === 'pytorch' ? 'pytorch' : 'local';
    this.fire({ type: 'submitted', backend, tasks: this.prepared.length });
    for (let i = 0; i < this.prepared.length; i++) {
      const spawn = await spawnForBackend(backend, this.opts.settings, this.prepared[i].jobFile);
      if (this.cancelled) {
        this.setStatus(i, 'cancelled');
        continue;
      }
      const run = launchTrainer(this.prepared[i].jobFile, { packageRoot: this.opts.settings.packageRoot, spawn });
      this.current = run;
      this.setStatus(i, 'running');
      run.on((e) => {
        if (e.type === 'progress') this.fire({ type: 'task', index: i, status: 'running', progress: e });
      });
      const out = await run.finished;
      this.current = null;
      if (out.status === 'done')
        this.setStatus(i, 'done', { final: finalMetrics(out.progress, out.done?.selectedEpoch), selectedEpoch: out.done?.selectedEpoch });
      else if (out.status === 'stopped' || this.cancelled) this.setStatus(i, 'cancelled');
      else this.setStatus(i, 'failed', { error: out.error });
    }
    return this.overall();
  }

  private overall(): SweepStatus {
    if (this.cancelled) return 'cancelled';
    return this.results.some((r) => r.status === 'failed') ? 'failed' : 'done';
  }

  private async runSlurm(): Promise<SweepStatus> {
    const backend = this.opts.taskBackend ?? 'local';
    const dir = path.dirname(path.dirname(this.prepared[0].jobFile));
    const commands = await Promise.all(
      this.prepared.map(async (p) => ({
        index: p.task.index,
        spawn: await spawnForBackend(backend, this.opts.settings, p.jobFile),
        eventsFile: path.join(path.dirname(p.jobFile), 'events.jsonl'),
        stderrFile: path.join(path.dirname(p.jobFile), 'stderr.log'),
      })),
    );
    const script = writeArrayScript(dir, commands);
    this.jobId = await submitArray(script, commands.length, 'xbrain-sweep', this.opts.slurm);
    writeFileSync(path.join(dir, 'slurm-job-id'), this.jobId);
    this.fire({ type: 'submitted', backend: 'slurm', jobId: this.jobId, tasks: commands.length });
    const seen = commands.map(() => 0);
    const pollMs = this.opts.pollMs ?? 1000;
    for (;;) {
      const states = await arrayTaskStates(this.jobId, this.opts.slurm);
      let open = 0;
      for (const c of commands) {
        const r = this.results[c.index];
        if (r.status === 'done' || r.status === 'failed' || r.status === 'cancelled') continue;
        const events = existsSync(c.eventsFile)
          ? readFileSync(c.eventsFile, 'utf8')
              .split('\n')
              .map(parseEvent)
              .filter((e) => e !== null)
          : [];
        const progress = events.filter((e): e is ProgressEvent => e.type === 'progress');
        const done = events.find((e): e is DoneEvent => e.type === 'done');
        const error = events.find((e) => e.type === 'error');
        const state = states.get(c.index) ?? (done || error ? 'COMPLETED' : existsSync(c.eventsFile) ? 'RUNNING' : 'PENDING');
        if (state === 'RUNNING' && r.status === 'pending') this.setStatus(c.index, 'running');
        for (const p of progress.slice(seen[c.index])) this.fire({ type: 'task', index: c.index, status: 'running', progress: p });
        seen[c.index] = progress.length;
        if (!isTerminal(state)) {
          open++;
          continue;
        }
        if (r.status === 'pending') this.setStatus(c.index, 'running');
        if (state === 'COMPLETED' && done) {
          this.setStatus(c.index, 'done', { final: finalMetrics(progress, done.selectedEpoch), selectedEpoch: done.selectedEpoch });
        } else if (state === 'CANCELLED' || (this.cancelled && !error)) {
          this.setStatus(c.index, 'cancelled');
        } else {
          const why = error && error.type === 'error' ? error.message : `Slurm task ended ${state}`;
          const tail = tailLines(c.stderrFile, 10);
          this.setStatus(c.index, 'failed', { error: tail.length ? `${why}\nLast stderr lines:\n${tail.join('\n')}` : why });
        }
      }
      if (open === 0) break;
      await new Promise((r) => setTimeout(r, pollMs));
    }
    return this.overall();
  }

  /** Cancels what has not finished: scancel for slurm, stop() for the running local task. */
  async cancel(): Promise<SweepOutcome> {
    this.cancelled = true;
    if (this.jobId) await cancelJob(this.jobId, this.opts.slurm).catch(() => undefined);
    await this.current?.stop();
    return this.finished;
  }
}

export function startSweep(prepared: PreparedTask[], opts: SweepRunOptions): SweepRun {
  if (!prepared.length) throw new XBrainError('invalid_arguments', 'The sweep has no tasks.', { field: 'grid' });
  return new SweepRun(prepared, opts);
}

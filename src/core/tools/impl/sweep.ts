/**
 * run_sweep: a grid of training settings × dataset folds × repeats on a backend (local, pytorch, slurm).
 * Every task becomes a RunRecord (with its grid point and seed) once the sweep ends; the result aggregates
 * mean ± SD per grid point. On slurm the tasks are one array job in the shared folder.
 */
import { epochsFile } from '../../signal/spill';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { studyDir } from '../../study/persistence';
import type { Study } from '../../study/study';
import type { EpochMetrics, RunRecord } from '../../study/types';
import { backendAvailability, backendSettingsOf } from '../../training/backends';
import type { BackendName } from '../../training/backends/types';
import { createModel } from '../../training/models';
import { outputsIn, type ProgressEvent } from '../../training/protocol';
import type { PointSummary } from '../../training/sweep/aggregate';
import { planSweep, type Grid, type SweepTask } from '../../training/sweep/plan';
import { applyPoint, prepareSweep, startSweep, type SweepOutcome, type SweepRun } from '../../training/sweep/run';
import { XBrainError } from '../../errors';
import { text, type ToolResult } from '../result';
import type { ToolContext } from '../types';
import { epochLimitNote, epochLimitOf, epochsFor, inputNormOf, inputSpec, resolvedTrainingOf, toMetrics } from './trainerInputs';
import { DEFAULT_MODEL, DEFAULT_TRAINING } from '../../training/defaults';
import { freshStamp } from '../../training/runStamp';
import { adaptationText } from '../../training/adaptiveDefaults';
import type { ArgsOf, TypedImplementations } from '../args';

const activeSweeps = new WeakMap<Study, SweepRun>();

/** Cancels the Study's running sweep, if any (stop_training calls this). */
export async function cancelSweep(study: Study): Promise<SweepOutcome | null> {
  const run = activeSweeps.get(study);
  return run ? run.cancel() : null;
}

interface Plan {
  grid: Grid;
  folds: number;
  repeats: number;
  backend: BackendName;
}

function readPlan(args: ArgsOf<'run_sweep'>, ctx: ToolContext): Plan & { tasks: ReturnType<typeof planSweep> } {
  const grid = args.grid as Grid;
  const { folds, repeats } = args;
  const backend = (args.backend as BackendName | undefined) ?? 'local';
  const splits = ctx.study.state.dataset?.splits ?? [];
  if (!splits.length) throw new XBrainError('invalid_state', 'There is no dataset: run generate_dataset first.');
  if (folds > splits.length) {
    throw new XBrainError(
      'invalid_arguments',
      `folds=${folds} but the dataset has ${splits.length} split(s); regenerate it with k-fold or ask for fewer folds.`,
      { field: 'folds' },
    );
  }
  const seed = ctx.study.state.training?.seed ?? DEFAULT_TRAINING.seed;
  return { grid, folds, repeats, backend, tasks: planSweep(grid, folds, repeats, seed) };
}

const sharedRoot = (ctx: ToolContext): string =>
  process.env.XBRAIN_SHARED_DIR ? path.resolve(process.env.XBRAIN_SHARED_DIR) : path.join(studyDir(ctx.env.workspace), 'sweeps');

function readMetrics(file: string): EpochMetrics[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => toMetrics(JSON.parse(l) as ProgressEvent));
}

const fmt = (m: { mean: number; sd: number } | null): string => (m ? `${m.mean.toFixed(3)} ± ${m.sd.toFixed(3)}` : '–');

function table(summary: PointSummary[]): string {
  const rows = summary.map((p) => `| ${p.label} | ${p.done} | ${p.failed} | ${fmt(p.valAccuracy)} | ${fmt(p.testAccuracy)} | ${fmt(p.testAuc)} |`);
  return ['| grid point | done | failed | val accuracy | test accuracy | test AUC |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

export const sweepTools = {
  run_sweep: {
    confirmation: (args, ctx) => {
      const p = readPlan(args, ctx);
      const points = p.tasks.length / (p.folds * p.repeats);
      return `Start ${p.tasks.length} training run(s) on the ${p.backend} backend: ${points} grid point(s) × ${p.folds} fold(s) × ${p.repeats} repeat(s).`;
    },
    run: async (args, ctx) => launch(ctx, readPlan(args, ctx), 'sweep'),
  },
} satisfies TypedImplementations;

/**
 * start_training with backend slurm: every split × repeat of the current configuration as one Slurm array job
 * (a sweep of one grid point), with the seeds start_training would give the local runs.
 */
export function slurmTrainingPlan(ctx: ToolContext): Plan & { tasks: SweepTask[] } {
  const state = ctx.study.state;
  const splits = state.dataset?.splits ?? [];
  if (!splits.length) throw new XBrainError('invalid_state', 'There is no dataset: run generate_dataset first.');
  const config = state.training ?? DEFAULT_TRAINING;
  const tasks = planSweep({}, splits.length, config.repeat, config.seed, true).map((t) => ({ ...t, seed: (config.seed + 1000 * t.fold + t.repeat) >>> 0 }));
  return { grid: {}, folds: splits.length, repeats: config.repeat, backend: 'slurm', tasks };
}

export const startSlurmTraining = (ctx: ToolContext): Promise<ToolResult> => launch(ctx, slurmTrainingPlan(ctx), 'training');

async function launch(ctx: ToolContext, plan: Plan & { tasks: SweepTask[] }, kind: 'sweep' | 'training'): Promise<ToolResult> {
  const tool = kind === 'sweep' ? 'run_sweep' : 'start_training';
  const { study } = ctx;
  if (activeSweeps.has(study))
    throw new XBrainError('invalid_state', `A ${kind === 'sweep' ? 'sweep' : 'Slurm training'} is already running; stop it with stop_training first.`);
  const state = study.state;
  const settings = backendSettingsOf(ctx.env);
  const avail = await backendAvailability(plan.backend, settings);
  if (!avail.available) throw new XBrainError('unavailable', `The ${plan.backend} backend is unavailable: ${avail.detail}.`, { field: 'backend' });
  const spec = inputSpec(state);
  const model = state.model ?? DEFAULT_MODEL;
  // start_training on Slurm trains what it would train locally (unset options adapted); a sweep's grid sets its own
  const { config, adapted } = kind === 'training' ? resolvedTrainingOf(state) : { config: state.training ?? DEFAULT_TRAINING, adapted: [] };
  // The result says what was adapted, as start_training on the local and pytorch backends does.
  const adaptedNote = adapted.length ? `\n${adaptationText(adapted)}` : '';
  const trainerConfig = {
    epochs: epochsFor(config, ctx.env),
    batchSize: config.batch_size,
    learningRate: config.learning_rate,
    optimizer: config.optimizer,
    selection: config.selection,
    checkpointEvery: 0,
    threads: Number(config.threads) >= 1 ? Number(config.threads) : 2,
    inputNorm: inputNormOf(config),
  };
  // Refuse bad grid values (too-short epochs for a model, out-of-range parameters) before anything starts.
  for (const t of plan.tasks.filter((x) => x.fold === 0 && x.repeat === 0)) {
    const m = applyPoint(t.point, model, trainerConfig).model;
    createModel(m.name, spec, m.params);
  }
  // Two sweeps in one second once shared a folder and run ids; the second now gets its own stamp.
  const stamp = freshStamp((s) => existsSync(path.join(sharedRoot(ctx), s)) || state.runs.some((r) => r.id.includes(`-${s}-t`)));
  const dir = path.join(sharedRoot(ctx), stamp);
  const splits = state.dataset!.splits;
  const prepared = prepareSweep({
    dir,
    tasks: plan.tasks,
    spec,
    model,
    config: trainerConfig,
    x: epochsFile(state.epochs!) ?? state.epochs!.data,
    labels: state.epochs!.labels,
    splits,
    maxEpochs: epochLimitOf(ctx.env),
  });
  const taskBackend = config.backend === 'pytorch' ? 'pytorch' : 'local';
  const run = startSweep(prepared, { backend: plan.backend, taskBackend, settings });
  activeSweeps.set(study, run);
  run.on((e) => {
    if (e.type === 'submitted') ctx.progress?.(`sweep: ${e.tasks} run(s) submitted to ${e.backend}${e.jobId ? ` (job ${e.jobId})` : ''}`);
    else if (e.type === 'task' && e.progress)
      ctx.progress?.(
        `sweep task ${e.index + 1}/${prepared.length}: epoch ${e.progress.epoch}/${e.progress.epochs}, train loss ${e.progress.train.loss.toFixed(3)}`,
      );
    else if (e.type === 'task' && e.status !== 'running')
      ctx.progress?.(`sweep task ${e.index + 1}/${prepared.length}: ${e.status}${e.error ? ` — ${e.error.split('\n')[0]}` : ''}`);
  });
  const root = studyDir(ctx.env.workspace);
  const rel = (f: string): string => path.relative(root, f).split(path.sep).join('/');
  const started = new Date().toISOString();
  // Every task is a run from the start (status running), so the stage is 'training' while the sweep goes on
  // (stop_training cancels it) and the views list the tasks; each record is completed as its task ends.
  const records: RunRecord[] = prepared.map((p) => {
    const split = splits[p.task.fold];
    return {
      id: `${kind === 'sweep' ? 'sweep' : 'slurm'}-${stamp}-t${p.task.index}`,
      splitId: split.id,
      splitName: split.name,
      repeat: p.task.repeat + 1,
      seed: p.task.seed,
      model: p.model,
      config: { ...config, backend: plan.backend, ...p.task.point },
      ...(adapted.length ? { adaptedDefaults: adapted } : {}),
      status: 'running',
      metrics: [],
      artefacts: {},
      ...(kind === 'sweep' ? { sweep: { id: stamp, pointIndex: p.task.pointIndex, point: p.task.point } } : {}),
      startedAt: started,
    };
  });
  study.commit({ runs: [...state.runs, ...records] }, ['runs']);
  const complete = (i: number): void => {
    const r = run.results[i];
    const p = prepared[i];
    const out = outputsIn(p.outDir, path.join);
    const files = { weights: out.selectedWeights, onnx: out.onnx, metrics: out.metrics };
    study.updateRun(records[i].id, (rec) => ({
      ...rec,
      status: r.status === 'done' ? 'done' : r.status === 'failed' ? 'failed' : 'stopped',
      metrics: readMetrics(files.metrics),
      artefacts: (r.status === 'done' ? { weights: rel(files.weights), onnx: rel(files.onnx), metrics: rel(files.metrics) } : {}) as Record<string, string>,
      ...(r.error ? { error: r.error } : {}),
      endedAt: new Date().toISOString(),
    }));
  };
  run.on((e) => {
    if (e.type === 'task' && !e.progress && e.status !== 'running') complete(e.index);
  });
  const finish = async (): Promise<SweepOutcome> => {
    try {
      const out = await run.finished;
      // tasks never started (cancelled before their turn) end as stopped too
      for (let i = 0; i < records.length; i++) {
        if (study.state.runs.find((x) => x.id === records[i].id)?.status === 'running') complete(i);
      }
      return out;
    } catch (e) {
      const message = `The sweep stopped on an internal error: ${(e as Error).message}`;
      for (const rec of records) {
        study.updateRun(rec.id, (x) => (x.status === 'running' ? { ...x, status: 'failed', error: message, endedAt: new Date().toISOString() } : x));
      }
      throw e;
    } finally {
      activeSweeps.delete(study);
    }
  };
  const finished = finish();
  const meta = { sweepId: stamp, backend: plan.backend, tasks: prepared.length, dir };
  const what = kind === 'sweep' ? 'Sweep' : 'Training';
  if (!ctx.awaitLongJobs) {
    finished.catch(() => undefined);
    return text(
      tool,
      `${what} started: ${prepared.length} run(s) on ${plan.backend}. Results are aggregated when all finish; stop_training cancels it.${adaptedNote}`,
      {
        ...meta,
        runIds: records.map((r) => r.id),
      },
    );
  }
  ctx.releaseQueue?.(); // started: later calls (stop_training, state) need not wait for the end
  const out = await finished;
  const t = out.timings;
  return text(
    tool,
    `${what} ${out.status}: ${out.results.filter((r) => r.status === 'done').length}/${out.results.length} run(s) finished on ${plan.backend}` +
      `${out.jobId ? ` (Slurm job ${out.jobId})` : ''} in ${t.total.toFixed(1)} s.\n\n${table(out.summary)}` +
      out.results
        .filter((r) => r.status === 'failed')
        .map((r) => `\n\nTask ${r.task.index + 1} failed: ${r.error}`)
        .join('') +
      epochLimitNote(config, ctx.env) +
      adaptedNote,
    {
      ...meta,
      status: out.status,
      jobId: out.jobId,
      summary: out.summary,
      timings: out.timings,
      runIds: records.map((r) => r.id),
    },
  );
}

/**
 * set_model, configure_training, start_training, stop_training, plot_training.
 * Training runs in the trainer child process (one per split × repeat, one after the other); the Study records a
 * RunRecord per run with its seed, and every progress event updates that record. A crash or kill marks the run
 * failed with the trainer's stderr tail; nothing else in the Study changes.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { studyDir } from '../../study/persistence';
import type { Study } from '../../study/study';
import type { ModelConfig, RunRecord, StudyState, TrainingConfig } from '../../study/types';
import { createModel, minSamples } from '../../training/models';
import { writeSharedArrays, writeTrainerJob } from '../../training/job';
import { epochsFile } from '../../signal/spill';
import { freshStamp } from '../../training/runStamp';
import { findTrainerEntry, launchTrainer, type TrainerOutcome, type TrainerRun } from '../../training/launcher';
import { backendAvailability, backendSettingsOf, spawnForBackend, type BackendName } from '../../training/backends';
import type { ProgressEvent } from '../../training/protocol';
import { XBrainError } from '../../errors';
import { plot, text } from '../result';
import { cancelSweep, startSlurmTraining } from './sweep';
import { epochLimitNote, epochsFor, inputNormOf, inputSpec, resolvedTrainingOf, toMetrics, trainerThreads } from './trainerInputs';
import { DEFAULT_MODEL, DEFAULT_TRAINING } from '../../training/defaults';
import { ADAPTABLE_OPTIONS, adaptationText, fullBatchWarning, userSetOptions, type Adaptation } from '../../training/adaptiveDefaults';
import type { ToolArgs, ToolContext } from '../types';
import { epochsSd } from '../../evaluation/diagnose';
import type { TypedImplementations } from '../args';
import { XBRAIN_MIME, type MimeMeta } from '../../mime';
import { trainingPayload, type CurveMetric } from '../../training/curves';

/**
 * Epochs still in volts (std ~1e-5) trained with input_norm=none: BatchNorm's eps (1e-5) then outweighs the variance
 * of the first convolution's output, so BatchNorm stops normalising and the network learns poorly (the same happens
 * in PyTorch/XBrainLab). The default input_norm=train_fold standardises in the trainer, so only input_norm=none
 * on data that were never normalised gets the warning.
 */
export function scaleWarning(state: Readonly<StudyState>): string | null {
  const e = state.epochs;
  if (!e || e.nEpochs === 0) return null;
  if (inputNormOf(state.training ?? DEFAULT_TRAINING) !== 'none') return null;
  const normalised = [...state.history, ...state.epochHistory].some((h) => h.op.startsWith('normalize'));
  if (normalised) return null;
  const sd = epochsSd(e);
  if (sd >= 1e-3) return null;
  return (
    `The epochs are not normalised (std ≈ ${sd.toExponential(1)}, volts) and input_norm is none: BatchNorm's eps outweighs ` +
    'their variance, so the network learns poorly. Use configure_training(input_norm="train_fold") or run normalize_data (z-score) first.'
  );
}

const LEAKAGE_WARNING =
  'Selecting the model on the test set (best_test_accuracy) leaks test information into the choice: ' +
  'the reported test accuracy is optimistic. Prefer best_val_loss or best_val_accuracy with a validation split.';

/** Builds the model once on the Study's epochs so every refusal (too short, bad parameter) comes before a spawn. */
function checkModel(state: Readonly<StudyState>, model: ModelConfig): void {
  createModel(model.name, inputSpec(state), model.params);
}

/** One training process at a time per Study. */
interface ActiveTraining {
  current: TrainerRun | null;
  stopRequested: boolean;
  finished: Promise<RunRecord[]>;
}
const active = new WeakMap<Study, ActiveTraining>();

const listDir = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir) : []);

const fmt = (x: number | undefined, d = 3): string => (x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d));

function progressLine(run: RunRecord, p: ProgressEvent): string {
  const parts = [`${run.splitName} repeat ${run.repeat}: epoch ${p.epoch}/${p.epochs}`, `train loss ${fmt(p.train.loss)} acc ${fmt(p.train.accuracy)}`];
  if (p.val) parts.push(`val loss ${fmt(p.val.loss)} acc ${fmt(p.val.accuracy)}`);
  if (p.test) parts.push(`test acc ${fmt(p.test.accuracy)}`);
  parts.push(`${p.seconds.toFixed(2)} s`);
  return parts.join(', ');
}

interface PlannedRun {
  record: RunRecord;
  splitIndex: number;
}

/** The runs of one start_training call, in order: every split × every repeat. */
function planRuns(state: Readonly<StudyState>, model: ModelConfig, config: TrainingConfig, stamp: string, adapted: Adaptation[] = []): PlannedRun[] {
  const splits = state.dataset?.splits ?? [];
  const out: PlannedRun[] = [];
  splits.forEach((split, s) => {
    for (let r = 1; r <= config.repeat; r++) {
      const id = `${stamp}-${split.name}-r${r}`.replace(/[^A-Za-z0-9_.-]/g, '_');
      out.push({
        splitIndex: s,
        record: {
          id,
          splitId: split.id,
          splitName: split.name,
          repeat: r,
          // Repeats get distinct seeds derived from the configured one, so a rerun reproduces them.
          seed: (config.seed + 1000 * s + (r - 1)) >>> 0,
          model,
          config,
          ...(adapted.length ? { adaptedDefaults: adapted } : {}),
          status: 'running',
          metrics: [],
          artefacts: {},
          startedAt: '',
        },
      });
    }
  });
  return out;
}

function finishRecord(run: RunRecord, out: TrainerOutcome, rel: (f: string) => string): RunRecord {
  const metrics = out.progress.length >= run.metrics.length ? out.progress.map(toMetrics) : run.metrics;
  const artefacts: Record<string, string> = {};
  if (out.done) {
    artefacts.weights = rel(out.done.files.selectedWeights);
    artefacts.lastWeights = rel(out.done.files.lastWeights);
    artefacts.onnx = rel(out.done.files.onnx);
    artefacts.metrics = rel(out.done.files.metrics);
  }
  return {
    ...run,
    status: out.status,
    metrics,
    artefacts,
    ...(out.done ? { selectedEpoch: out.done.selectedEpoch, selection: out.done.selection, threads: out.done.threads } : {}),
    ...(out.error ? { error: out.error } : {}),
    endedAt: new Date().toISOString(),
  };
}

async function startTraining(ctx: ToolContext): Promise<{ runs: RunRecord[]; finished: Promise<RunRecord[]>; adapted: Adaptation[] }> {
  const { study } = ctx;
  const state = study.state;
  if (active.has(study)) throw new XBrainError('invalid_state', 'A training is already running; stop it with stop_training first.');
  const dataset = state.dataset;
  if (!dataset || dataset.splits.length === 0) throw new XBrainError('invalid_state', 'There is no dataset: run generate_dataset first.');
  const epochs = state.epochs!;
  const model = state.model ?? DEFAULT_MODEL;
  const { config, adapted } = resolvedTrainingOf(state);
  const backend = (config.backend ?? 'local') as BackendName;
  const settings = backendSettingsOf(ctx.env);
  if (backend !== 'local' && backend !== 'pytorch')
    throw new XBrainError('invalid_arguments', `Unknown trainer backend "${String(backend)}".`, { parameter: 'backend' });
  if (backend === 'pytorch') {
    const a = await backendAvailability('pytorch', settings);
    if (!a.available) throw new XBrainError('not_found', `The pytorch backend is not available: ${a.detail}.`, { parameter: 'backend' });
  }
  checkModel(state, model);
  for (const sp of dataset.splits) {
    if (sp.train.length === 0)
      throw new XBrainError('invalid_state', `Split ${sp.name} has no training epochs; regenerate the dataset with smaller test/validation ratios.`, {
        split: sp.name,
      });
  }
  const entry = backend === 'local' ? findTrainerEntry({ packageRoot: ctx.env.packageRoot }) : undefined;
  const spec = inputSpec(state);

  const root = studyDir(ctx.env.workspace);
  // Ids of this Study's runs and run folders of the workspace (an earlier study, another window) are taken.
  const taken = [...state.runs.map((r) => r.id), ...listDir(path.join(root, 'runs'))];
  const stamp = freshStamp((s) => taken.some((id) => id.startsWith(`${s}-`)) || existsSync(path.join(root, 'jobs', s)));
  const jobsDir = path.join(root, 'jobs', stamp);
  const rel = (f: string): string => path.relative(root, f).split(path.sep).join('/');
  const planned = planRuns(state, model, config, stamp, adapted);
  const threads = trainerThreads(config, ctx.env);
  // Epochs and labels are written once and shared by every run's job.
  const shared = writeSharedArrays(path.join(jobsDir, 'shared'), epochsFile(epochs) ?? epochs.data, epochs.labels);

  const handle: ActiveTraining = { current: null, stopRequested: false, finished: Promise.resolve([]) };
  const startRun = async (p: PlannedRun): Promise<TrainerRun> => {
    const split = dataset.splits[p.splitIndex];
    const job = writeTrainerJob(path.join(jobsDir, p.record.id), {
      model: model.name,
      params: model.params,
      spec,
      config: {
        epochs: epochsFor(config, ctx.env),
        batchSize: config.batch_size,
        learningRate: config.learning_rate,
        optimizer: config.optimizer,
        selection: config.selection,
        checkpointEvery: config.save_checkpoints_every,
        threads,
        inputNorm: inputNormOf(config),
      },
      seed: p.record.seed,
      ...shared,
      splits: { train: split.train, val: split.val, test: split.test },
      outDir: path.join(root, 'runs', p.record.id),
    });
    return backend === 'pytorch'
      ? launchTrainer(job, { spawn: await spawnForBackend('pytorch', settings, job), stopGraceMs: 1000 })
      : launchTrainer(job, { entry, stopGraceMs: 1000 });
  };

  // The first run is spawned before anything is committed: a failure to start leaves the Study unchanged.
  let run = await startRun(planned[0]);
  const startedAt = (): string => new Date().toISOString();
  planned[0].record = { ...planned[0].record, startedAt: startedAt() };
  study.commit({ runs: [...state.runs, planned[0].record] }, ['runs', 'training']);
  active.set(study, handle);

  const loop = async (): Promise<RunRecord[]> => {
    const results: RunRecord[] = [];
    try {
      for (let i = 0; i < planned.length; i++) {
        const rec = planned[i].record;
        handle.current = run;
        const off = run.on((e) => {
          if (e.type === 'progress') {
            study.updateRun(rec.id, (r) => ({ ...r, metrics: [...r.metrics, toMetrics(e)] }));
            ctx.progress?.(progressLine(rec, e));
          } else if (e.type === 'log') ctx.progress?.(`${rec.splitName} repeat ${rec.repeat}: ${e.message}`);
        });
        const out = await run.finished;
        off();
        const current = study.state.runs.find((r) => r.id === rec.id) ?? rec;
        const ended = finishRecord(current, out, rel);
        results.push(ended);
        ctx.progress?.(`${rec.splitName} repeat ${rec.repeat}: ${ended.status}${ended.error ? ` — ${ended.error.split('\n')[0]}` : ''}`);
        const next = i + 1 < planned.length && !handle.stopRequested ? planned[i + 1] : null;
        let nextRun: TrainerRun | null = null;
        let startError: string | null = null;
        if (next) {
          try {
            nextRun = await startRun(next);
            next.record = { ...next.record, startedAt: startedAt() };
          } catch (e) {
            startError = (e as Error).message;
          }
        }
        // One commit ends this run and starts the next, so the stage stays 'training' in between.
        const runs = study.state.runs.map((r) => (r.id === rec.id ? ended : r));
        if (nextRun && next) runs.push(next.record);
        study.commit({ runs }, ['runs']);
        if (startError) {
          ctx.progress?.(`could not start the next run: ${startError}`);
          break;
        }
        if (!nextRun) break;
        run = nextRun;
      }
    } catch (e) {
      // Never leave a run 'running' behind an internal failure (the stage would stay 'training').
      const ids = new Set(planned.map((p) => p.record.id));
      const message = `Training stopped by an internal error: ${(e as Error).message}`;
      study.commit(
        {
          runs: study.state.runs.map((r) =>
            ids.has(r.id) && r.status === 'running' ? { ...r, status: 'failed' as const, error: message, endedAt: new Date().toISOString() } : r,
          ),
        },
        ['runs'],
      );
      throw e;
    } finally {
      active.delete(study);
      rmSync(jobsDir, { recursive: true, force: true });
    }
    return results;
  };
  // An interrupted call (notebook interrupt, CLI Ctrl-C) stops the trainer like stop_training does.
  const onAbort = (): void => {
    handle.stopRequested = true;
    void handle.current?.stop();
  };
  ctx.signal?.addEventListener('abort', onAbort, { once: true });
  handle.finished = loop().finally(() => ctx.signal?.removeEventListener('abort', onAbort));
  if (ctx.signal?.aborted) onAbort();
  return { runs: planned.map((p) => p.record), finished: handle.finished, adapted };
}

function summarise(runs: RunRecord[]): string {
  const lines = runs.map((r) => {
    const last = r.metrics[r.metrics.length - 1];
    const sel = r.selectedEpoch;
    const bits = [`${r.splitName} repeat ${r.repeat} (seed ${r.seed}): ${r.status}`];
    if (last)
      bits.push(
        `${r.metrics.length} epochs, last train acc ${fmt(last.train.accuracy)}${last.val ? `, val acc ${fmt(last.val.accuracy)}` : ''}${last.test ? `, test acc ${fmt(last.test.accuracy)}` : ''}`,
      );
    if (sel) bits.push(`selected epoch ${sel}`);
    if (r.error) bits.push(r.error.split('\n')[0]);
    return bits.join('; ');
  });
  return lines.join('\n');
}

export const trainingTools = {
  set_model: {
    run: (args, ctx) => {
      const name = args.model_name;
      const params = { ...(args.params ?? {}) };
      const model: ModelConfig = { name, params };
      // the model it replaces is part of the answer: "go back to the previous model" later needs to know it
      const before = ctx.study.state.model?.name;
      const spec = inputSpec(ctx.study.state);
      // building the model is the check (too-short epochs, bad parameters throw here, as in checkModel)
      const built = createModel(name, spec, params);
      ctx.study.commit({ model }, ['training']);
      const need = minSamples(name, spec.sfreq, params);
      return text(
        'set_model',
        `Model set to ${name}${
          Object.keys(params).length
            ? ` (${Object.entries(params)
                .map(([k, v]) => `${k}=${v}`)
                .join(', ')})`
            : ''
        }${before && before !== name ? ` (was ${before})` : ''}: ` +
          `${built.parameterCount()} parameters for ${spec.nChannels} channels × ${spec.nTimes} samples at ${spec.sfreq} Hz, ${spec.nClasses} classes ` +
          `(needs at least ${need} samples).`,
        {
          model,
          parameters: built.parameterCount(),
          minSamples: need,
          minSeconds: need / spec.sfreq,
          summary: built.summary(),
        },
      );
    },
  },

  configure_training: {
    run: (args: ToolArgs, ctx) => {
      // An update: what the call leaves out keeps its current value (XBrainLab's dialog re-sent every field; a chat
      // request such as "batch size 64" must not reset the epochs configured earlier).
      const given = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined)) as Partial<TrainingConfig>;
      const before = ctx.study.state.training;
      // The options the user has set so far: start_training adapts only the others to the training set.
      const setByUser = [...new Set([...userSetOptions(before), ...Object.keys(given)])].filter((k) => k !== 'set_by_user').sort();
      const config: TrainingConfig = { ...DEFAULT_TRAINING, ...(before ?? {}), ...given, set_by_user: setByUser };
      if (args.threads !== undefined) {
        const t = Number(args.threads);
        if (!Number.isInteger(t) || t < 1)
          throw new XBrainError('invalid_arguments', `threads must be a positive integer, got ${String(args.threads)}.`, { parameter: 'threads' });
      }
      const warnings: string[] = [];
      if (config.selection === 'best_test_accuracy') warnings.push(LEAKAGE_WARNING);
      if (
        (config.selection === 'best_val_loss' || config.selection === 'best_val_accuracy') &&
        ctx.study.state.dataset?.splits.some((s) => s.val.length === 0)
      ) {
        warnings.push(`Selection ${config.selection} needs a validation split; splits without one fall back to the last epoch.`);
      }
      if (config.device === 'cuda') warnings.push('The local trainer runs on the CPU; device "cuda" is recorded but not used.');
      const full = fullBatchWarning(config, ctx.study.state.dataset?.splits.map((s) => s.train.length) ?? []);
      if (full && setByUser.includes('batch_size')) warnings.push(full);
      ctx.study.commit({ training: config }, ['training']);
      const auto = ADAPTABLE_OPTIONS.filter((o) => !setByUser.includes(o));
      const content =
        `Training: ${config.epoch} epochs, batch ${config.batch_size}, ${config.optimizer} lr ${config.learning_rate}, ` +
        `${config.repeat} repeat(s), selection ${config.selection}, seed ${config.seed}, ${trainerThreads(config, ctx.env)} thread(s).` +
        (auto.length ? ` Not set by you, so adapted to the training set when training starts: ${auto.join(', ')}.` : '') +
        (warnings.length ? `\nWarning: ${warnings.join('\nWarning: ')}` : '');
      return text('configure_training', content, { config, warnings });
    },
  },

  start_training: {
    confirmation: (_args, ctx) => {
      const s = ctx.study.state;
      const model = s.model ?? DEFAULT_MODEL;
      const { config: c, adapted } = resolvedTrainingOf(s);
      const n = (s.dataset?.splits.length ?? 0) * c.repeat;
      const scale = scaleWarning(s);
      return (
        `Train ${model.name} for ${c.epoch} epochs (batch ${c.batch_size}, ${c.optimizer} lr ${c.learning_rate}, selection ${c.selection}) ` +
        `on ${s.dataset?.splits.length ?? 0} split(s) × ${c.repeat} repeat(s) = ${n} run(s) ${c.backend === 'slurm' ? 'as one Slurm array job' : c.backend === 'pytorch' ? 'in a PyTorch trainer process' : 'in a trainer process'}.` +
        (adapted.length ? ` ${adaptationText(adapted)}` : '') +
        (c.selection === 'best_test_accuracy' ? ` ${LEAKAGE_WARNING}` : '') +
        (scale ? ` Warning: ${scale}` : '')
      );
    },
    run: async (_args, ctx) => {
      if ((ctx.study.state.training ?? DEFAULT_TRAINING).backend === 'slurm') return startSlurmTraining(ctx);
      const { runs, finished, adapted } = await startTraining(ctx);
      const config = runs[0].config;
      const used = `Settings: ${config.epoch} epochs, batch ${config.batch_size}, ${config.optimizer} lr ${config.learning_rate}, selection ${config.selection}.`;
      const adaptedLine = adapted.length ? `\n${adaptationText(adapted)}` : '';
      const meta = { config, adaptedDefaults: adapted };
      if (ctx.awaitLongJobs) {
        ctx.releaseQueue?.(); // the runs are registered (stage training): later calls need not wait for the end
        const done = await finished;
        const failed = done.filter((r) => r.status === 'failed').length;
        return text(
          'start_training',
          `Training finished: ${done.length} run(s)${failed ? `, ${failed} failed` : ''}. ${used}${adaptedLine}\n${summarise(done)}${epochLimitNote(config, ctx.env)}`,
          {
            runIds: done.map((r) => r.id),
            runs: done.map(({ id, status, seed, splitName, repeat, error }) => ({ id, status, seed, splitName, repeat, error })),
            ...meta,
          },
        );
      }
      finished.catch(() => undefined);
      return text(
        'start_training',
        `Training started: ${runs.length} run(s) (${runs.map((r) => `${r.splitName} repeat ${r.repeat}, seed ${r.seed}`).join('; ')}). ${used}${adaptedLine}\n` +
          `Progress arrives per epoch; stop_training ends it.${epochLimitNote(config, ctx.env)}`,
        { runIds: runs.map((r) => r.id), seeds: runs.map((r) => r.seed), ...meta },
      );
    },
  },

  stop_training: {
    run: async (_args, ctx) => {
      const { study } = ctx;
      const handle = active.get(study);
      const sweep = await cancelSweep(study);
      if (sweep) {
        const done = sweep.results.filter((r) => r.status === 'done').length;
        return text('stop_training', `Sweep cancelled: ${done} of ${sweep.results.length} run(s) had finished; their results are kept.`, {
          sweepStatus: sweep.status,
          finished: done,
        });
      }
      if (!handle) {
        // A run left 'running' by a trainer that no longer exists (e.g. the window was closed): mark it failed.
        const orphans = study.state.runs.filter((r) => r.status === 'running');
        if (!orphans.length) return text('stop_training', 'No training is running.', { stopped: [] });
        const ended = new Date().toISOString();
        study.commit(
          {
            runs: study.state.runs.map((r) =>
              r.status === 'running'
                ? { ...r, status: 'failed' as const, error: 'The trainer process is gone (XBrain was closed while it ran).', endedAt: ended }
                : r,
            ),
          },
          ['runs'],
        );
        return text('stop_training', `Marked ${orphans.length} run(s) whose trainer is gone as failed.`, { failed: orphans.map((r) => r.id) });
      }
      handle.stopRequested = true;
      await handle.current?.stop();
      const runs = await handle.finished;
      const last = runs[runs.length - 1];
      return text(
        'stop_training',
        `Training stopped${last ? ` during ${last.splitName} repeat ${last.repeat} after ${last.metrics.length} finished epoch(s)` : ''}; finished epochs are kept.`,
        {
          stopped: runs.filter((r) => r.status === 'stopped').map((r) => r.id),
        },
      );
    },
  },

  plot_training: {
    run: (args, ctx) => {
      const metric: CurveMetric = args.metric;
      const runs = ctx.study.state.runs.filter((r) => r.metrics.length > 0);
      if (!runs.length) throw new XBrainError('invalid_state', 'No run has finished an epoch yet.');
      const payload = trainingPayload(runs, [metric]);
      const final = payload.series.map((s) => `${s.label}: ${fmt(s.y[s.y.length - 1], 4)}`).join('; ');
      const meta: MimeMeta<typeof XBRAIN_MIME.training> & { kind: string } = { mime: XBRAIN_MIME.training, kind: 'training_curves', ...payload };
      return plot('plot_training', `Training ${metric} per epoch for ${runs.length} run(s). Last values — ${final}.`, meta);
    },
  },
} satisfies TypedImplementations;

/**
 * run_protocol: an evaluation protocol (within-session, cross-session, cross-subject) over the Study's epochs, every
 * pipeline on the same folds. CSP+LDA and TS+LR run in process; EEGNet, ShallowConvNet and SCCNet train one run per
 * fold in the trainer child process with the current training configuration (start_training's machinery: job files,
 * launcher, ONNX export) and are scored on the fold's test epochs with onnxruntime. Nothing is committed until every
 * fold has finished: a failure or a cancellation leaves the Study unchanged. The result is stored in the Study
 * (`protocols`) and written as MOABB-style CSV and JSON under .xbrain/protocols/.
 * Every finished fold × pipeline run is also kept under .xbrain/protocols/resume/<key>/ (protocolCheckpoint.ts) until
 * the result is committed, so the same call after a kill or a cancellation resumes at the first unfinished run; a
 * newer call of the same settings on other epochs replaces such a folder (removeReplaced).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { protocolFolds, type ProtocolFold, type ProtocolName } from '../../dataset/protocolFolds';
import { epochsIdentity, fileRunStore, protocolKey, protocolSettingsKey, removeReplaced, trainingVariant } from '../../evaluation/protocolCheckpoint';
import { alive } from '../../study/lock';
import { euclideanAlign, euclideanAlignBlocks, type Alignment } from '../../evaluation/alignment';
import {
  isModelPipeline,
  protocolCsv,
  protocolPayload,
  protocolReport,
  runProtocol,
  type ModelBatchTrainer,
  type ModelRunRequest,
  type ModelTrainer,
} from '../../evaluation/protocolRun';
import { PIPELINES, type PipelineName, type ProtocolResult } from '../../evaluation/protocolResult';
import { studyDir } from '../../study/persistence';
import type { Study } from '../../study/study';
import type { ModelName, StudyState } from '../../study/types';
import type { ModelParams } from '../../training/models';
import type { Epochs } from '../../signal/types';
import { backendAvailability, backendSettingsOf, spawnForBackend, type BackendName } from '../../training/backends';
import { cancelJob } from '../../training/backends/slurm';
import { outputsIn } from '../../training/protocol';
import { startSweep, type SweepRun } from '../../training/sweep/run';
import { writeSharedArrays, writeTrainerJob } from '../../training/job';
import { diskEpochs, epochChunks, epochsFile, EpochsWriter, spillDir } from '../../signal/spill';
import { findTrainerEntry, launchTrainer, type TrainerRun } from '../../training/launcher';
import { createModel } from '../../training/models';
import { onnxLogits } from '../../evaluation/epochBlocks';
import { renderOf, XBRAIN_MIME } from '../../mime';
import { XBrainError } from '../../errors';
import { plot } from '../result';
import type { ToolContext, ToolEnv } from '../types';
import { scaleWarning } from './training';
import { inputNormOf, inputSpec, trainerThreads } from './trainerInputs';
import { adaptationText, resolveTraining, type ResolvedTraining } from '../../training/adaptiveDefaults';
import { insideWorkspace } from '../boundary';
import type { ArgsOf, TypedImplementations } from '../args';

interface ProtocolArgs {
  protocol: ProtocolName;
  pipelines: PipelineName[];
  folds?: number;
  nTestSubjects?: number;
  seed: number;
  poolSessions: boolean;
  alignment: Alignment;
  exportPath?: string;
}

function readArgs(args: ArgsOf<'run_protocol'>): ProtocolArgs {
  return {
    protocol: args.protocol as ProtocolName,
    pipelines: ((args.pipelines as string[] | undefined) ?? ['CSP+LDA', 'TS+LR']) as PipelineName[],
    folds: args.folds === undefined ? undefined : Number(args.folds),
    nTestSubjects: args.n_test_subjects === undefined ? undefined : Number(args.n_test_subjects),
    seed: args.seed,
    poolSessions: args.pool_sessions,
    alignment: args.alignment as Alignment,
    exportPath: args.export_path === undefined ? undefined : String(args.export_path),
  };
}

/** The settings that decide a call's folds (protocolFolds, the resume key and runProtocol take the same). */
const foldSettings = (a: ProtocolArgs) => ({
  protocol: a.protocol,
  folds: a.folds,
  nTestSubjects: a.nTestSubjects,
  seed: a.seed,
  poolSessions: a.poolSessions,
});

/** The folds (checked) and how many trainings the call starts. */
function plan(a: ProtocolArgs, state: Readonly<StudyState>, env: ToolEnv): { folds: number; trainings: number; models: ModelName[] } {
  const e = state.epochs;
  if (!e) throw new XBrainError('invalid_state', 'There are no epochs: run epoch_data first.');
  for (const p of a.pipelines) {
    if (!(PIPELINES as readonly string[]).includes(p))
      throw new XBrainError('invalid_arguments', `pipelines: unknown pipeline "${p}" (choose from ${PIPELINES.join(', ')})`, { parameter: 'pipelines' });
  }
  if (a.exportPath !== undefined && !/\.(csv|json)$/i.test(a.exportPath)) {
    throw new XBrainError('invalid_arguments', `export_path must end in .csv or .json (got "${a.exportPath}")`, { parameter: 'export_path' });
  }
  if (a.exportPath !== undefined) insideWorkspace(env, a.exportPath, 'write', 'export_path');
  const folds = protocolFolds(e, foldSettings(a)).folds.length;
  const models = [...new Set(a.pipelines.filter(isModelPipeline))];
  // every refusal of a model (too-short epochs, bad parameter) comes before anything starts
  for (const m of models) createModel(m, inputSpec(state), state.model?.name === m ? state.model.params : {});
  return { folds, trainings: folds * models.length, models };
}

/**
 * The training a protocol's model runs use: the Study's, with the options the user left unset adapted to the smallest
 * training fold as start_training adapts them (adaptiveDefaults.ts). XBrainLab's 10 epochs × batch 32 made about
 * 20 optimiser steps on a within-session fold of one subject, which leaves a network at chance.
 */
function protocolTraining(a: ProtocolArgs, state: Readonly<StudyState>): ResolvedTraining {
  const folds = protocolFolds(state.epochs!, foldSettings(a)).folds;
  return resolveTraining(state.training, { trainSizes: folds.map((f) => f.train.length) });
}

const running = new WeakSet<Study>();

/** The resume store of this call: keyed by the protocol settings and the epochs; model runs also by their training. */
function runStore(a: ProtocolArgs, state: Readonly<StudyState>, env: ToolEnv): ReturnType<typeof fileRunStore> {
  const e = state.epochs!;
  const key = protocolKey(foldSettings(a), epochsIdentity(e));
  const { config } = protocolTraining(a, state);
  return fileRunStore(path.join(studyDir(env.workspace), 'protocols', 'resume', key), (pipeline) =>
    isModelPipeline(pipeline)
      ? trainingVariant({
          model: pipeline,
          params: state.model?.name === pipeline ? state.model.params : {},
          epoch: config.epoch,
          batch_size: config.batch_size,
          learning_rate: config.learning_rate,
          optimizer: config.optimizer,
          backend: config.backend ?? 'local',
          alignment: a.alignment,
          // a run trained on the data as given is not one trained on standardised inputs (absent: the default)
          ...(inputNormOf(config) === 'none' ? { input_norm: 'none' } : {}),
        })
      : '',
  );
}

/**
 * Job folders (trainer inputs: a copy of the epochs) left by a protocol whose process was killed: their names end in
 * the pid of the process that made them, so those of processes no longer running are removed, and a Slurm array job
 * such a process submitted (its id is in the folder) is cancelled rather than left training for nobody.
 */
async function removeOrphanJobs(protocolsDir: string): Promise<void> {
  let names: string[];
  try {
    names = readdirSync(protocolsDir);
  } catch {
    return;
  }
  for (const n of names) {
    const pid = Number(/^jobs-.*-(\d+)$/.exec(n)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    const idFile = path.join(protocolsDir, n, 'slurm', 'slurm-job-id');
    if (existsSync(idFile)) await cancelJob(readFileSync(idFile, 'utf8').trim()).catch(() => undefined);
    rmSync(path.join(protocolsDir, n), { recursive: true, force: true });
  }
}

/**
 * The promises of a protocol's Slurm array job, one per run in request order: each settles when its task ends
 * (scored with ONNX Runtime on the fold's test epochs once done). `seconds` runs from the task's start to its scores.
 */
function slurmRuns(
  run: SweepRun,
  reqs: ModelRunRequest[],
  score: (onnx: string, fold: ProtocolFold) => Promise<Float32Array>,
  cancelledWhile: (model: string, fold: ProtocolFold) => XBrainError,
  progress: ((message: string) => void) | undefined,
): Promise<{ logits: Float32Array; seconds: number }>[] {
  const settle = reqs.map(() => ({}) as { resolve: (v: { logits: Float32Array; seconds: number }) => void; reject: (e: unknown) => void });
  const promises = reqs.map(
    (_, i) => new Promise<{ logits: Float32Array; seconds: number }>((resolve, reject) => Object.assign(settle[i], { resolve, reject })),
  );
  const started = new Map<number, number>();
  const ended = new Set<number>();
  run.on((ev) => {
    if (ev.type === 'submitted') {
      progress?.(`${ev.tasks} model run(s) submitted to Slurm as one array job (job ${ev.jobId}); each is reported as it finishes`);
      return;
    }
    if (ev.type !== 'task' || ev.progress) return;
    const req = reqs[ev.index];
    if (ev.status !== 'running') ended.add(ev.index);
    if (ev.status === 'running') {
      if (!started.has(ev.index)) started.set(ev.index, performance.now());
    } else if (ev.status === 'done') {
      const t0 = started.get(ev.index) ?? performance.now();
      score(outputsIn(run.prepared[ev.index].outDir, path.join).onnx, req.fold).then(
        (logits) => settle[ev.index].resolve({ logits, seconds: (performance.now() - t0) / 1000 }),
        (err: unknown) => settle[ev.index].reject(err),
      );
    } else if (ev.status === 'cancelled') settle[ev.index].reject(cancelledWhile(req.model, req.fold));
    else if (ev.status === 'failed')
      settle[ev.index].reject(
        new XBrainError('internal', `${req.model} training on "${req.fold.name}" failed (Slurm task ${ev.index}): ${ev.error ?? 'no result'}`),
      );
  });
  // sbatch refused, or the runner stopped early: nothing more will settle the open runs
  run.finished.then(
    () => settle.forEach((s, i) => void (ended.has(i) || s.reject(cancelledWhile(reqs[i].model, reqs[i].fold)))),
    (err: unknown) => settle.forEach((s, i) => void (ended.has(i) || s.reject(err))),
  );
  return promises;
}

/** How many of the call's fold × pipeline runs an interrupted earlier call already finished. */
function keptRuns(a: ProtocolArgs, state: Readonly<StudyState>, env: ToolEnv): number {
  const store = runStore(a, state, env);
  const folds = protocolFolds(state.epochs!, foldSettings(a)).folds;
  let n = 0;
  folds.forEach((fold, foldIndex) => {
    for (const pipeline of new Set(a.pipelines)) if (store.get({ foldIndex, foldName: fold.name, pipeline })) n++;
  });
  return n;
}

/**
 * The epochs the model families train and are tested on: Euclidean-aligned per subject for cross_subject and pooled
 * within_session, per subject × session otherwise (cross_session holds a session out, so each session is its own
 * group); or the epochs as they are with alignment "none". The baselines always see the epochs as they are.
 */
export function modelEpochs(a: Pick<ProtocolArgs, 'alignment' | 'protocol' | 'poolSessions'>, e: Epochs, workspace: string): Epochs {
  // as they are: a disk-backed set stays on disk (the trainer links its file and reads its folds' rows)
  if (a.alignment === 'none') return e;
  const perSubject = a.protocol === 'cross_subject' || (a.protocol === 'within_session' && a.poolSessions);
  const groupOf = (i: number): string => (perSubject ? e.subject[i] : `${e.subject[i]}\u0000${e.session[i]}`);
  const file = epochsFile(e);
  if (!file) return { ...e, data: euclideanAlign(e.data, e.nEpochs, e.nChannels, e.nTimes, groupOf).data };
  // a disk-backed set is aligned block by block into a new spill file (two passes over its file, never read whole)
  const w = new EpochsWriter(spillDir(workspace), e.nChannels, e.nTimes);
  try {
    euclideanAlignBlocks(
      () => epochChunks(e),
      e.nChannels,
      e.nTimes,
      groupOf,
      (block) => w.append(block),
    );
  } catch (err) {
    w.abandon();
    throw err;
  }
  const meta: Record<string, unknown> = {};
  for (const k of Object.keys(e)) if (k !== 'data') meta[k] = (e as unknown as Record<string, unknown>)[k];
  return diskEpochs(meta as Omit<Epochs, 'data'>, w.finish());
}

/** The dataset column: the folder the recordings come from (MOABB names the dataset). */
function datasetName(state: Readonly<StudyState>): string {
  const dirs = [...new Set(state.recordings.map((r) => path.basename(path.dirname(r.path))))];
  return dirs.length === 1 && dirs[0] ? dirs[0] : dirs.length > 1 ? dirs.join('+') : 'study';
}

async function run(args: ArgsOf<'run_protocol'>, ctx: ToolContext): Promise<ReturnType<typeof plot>> {
  const { study } = ctx;
  const a = readArgs(args);
  const before = study.state;
  const p = plan(a, before, ctx.env);
  if (running.has(study)) throw new XBrainError('invalid_state', 'run_protocol is already running on this study; wait for it to finish.');
  const e = before.epochs!;
  const { config, adapted } = protocolTraining(a, before);
  const root = studyDir(ctx.env.workspace);
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  const backend: BackendName = config.backend === 'pytorch' || config.backend === 'slurm' ? config.backend : 'local';
  // Slurm tasks read their inputs from a folder the compute nodes see (XBRAIN_SHARED_DIR, as run_sweep).
  const jobsRoot =
    backend === 'slurm' && process.env.XBRAIN_SHARED_DIR ? path.join(path.resolve(process.env.XBRAIN_SHARED_DIR), 'protocols') : path.join(root, 'protocols');
  await removeOrphanJobs(jobsRoot);
  const jobsDir = path.join(jobsRoot, `jobs-${stamp}-${process.pid}`);
  let current: TrainerRun | null = null;
  let array: SweepRun | null = null;
  const onAbort = (): void => {
    void current?.stop();
    void array?.cancel();
  };
  ctx.signal?.addEventListener('abort', onAbort, { once: true });
  running.add(study);
  try {
    let trainModel: ModelTrainer | undefined;
    let trainModels: ModelBatchTrainer | undefined;
    if (p.models.length) {
      const settings = backendSettingsOf(ctx.env);
      if (backend !== 'local') {
        const av = await backendAvailability(backend, settings);
        if (!av.available) throw new XBrainError('unavailable', `The ${backend} backend is unavailable: ${av.detail}.`, { field: 'backend' });
      }
      const spec = inputSpec(before);
      const x = modelEpochs(a, e, ctx.env.workspace);
      const shared = writeSharedArrays(path.join(jobsDir, 'shared'), epochsFile(x) ?? x.data, e.labels);
      const threads = trainerThreads(config, ctx.env);
      const paramsOf = (model: ModelName): ModelParams => (before.model?.name === model ? before.model.params : {});
      const writeJob = (dir: string, req: ModelRunRequest): string =>
        writeTrainerJob(dir, {
          model: req.model,
          params: paramsOf(req.model),
          spec,
          // no validation set in these protocols, and selecting on the test fold would leak: the last epoch is kept
          config: {
            epochs: config.epoch,
            batchSize: config.batch_size,
            learningRate: config.learning_rate,
            optimizer: config.optimizer,
            selection: 'last_epoch',
            checkpointEvery: 0,
            threads,
            // the user's input_norm ("none" trains on the data as given), as start_training passes it
            inputNorm: inputNormOf(config),
          },
          seed: req.seed,
          ...shared,
          splits: { train: req.fold.train, test: req.fold.test },
          outDir: path.join(dir, 'out'),
        });
      const score = (onnx: string, fold: ProtocolFold): Promise<Float32Array> => onnxLogits(onnx, x, fold.test);
      const cancelledWhile = (model: string, fold: ProtocolFold): XBrainError =>
        new XBrainError(
          'cancelled',
          `run_protocol was cancelled while training ${model} on "${fold.name}"; the finished runs are kept: run the same protocol again to resume`,
        );
      if (backend === 'slurm') {
        trainModels = (reqs) => {
          const run = startSweep(
            reqs.map((req, index) => {
              const dir = path.join(jobsDir, 'slurm', `task-${index}`);
              return {
                task: { index, pointIndex: 0, point: {}, fold: req.foldIndex, repeat: 0, seed: req.seed },
                model: { name: req.model, params: paramsOf(req.model) },
                jobFile: writeJob(dir, req),
                outDir: path.join(dir, 'out'),
              };
            }),
            // the tasks run the TypeScript trainer, as start_training's and run_sweep's Slurm tasks do
            { backend: 'slurm', taskBackend: 'local', settings },
          );
          array = run;
          return slurmRuns(run, reqs, score, cancelledWhile, ctx.progress);
        };
      } else {
        const entry = backend === 'local' ? findTrainerEntry({ packageRoot: ctx.env.packageRoot }) : undefined;
        trainModel = async (req) => {
          const { model, fold, foldIndex } = req;
          const job = writeJob(path.join(jobsDir, `${foldIndex}-${model}`), req);
          current =
            backend === 'pytorch'
              ? launchTrainer(job, { spawn: await spawnForBackend('pytorch', settings, job), stopGraceMs: 1000 })
              : launchTrainer(job, { entry, stopGraceMs: 1000 });
          if (ctx.signal?.aborted) void current.stop();
          const out = await current.finished;
          current = null;
          if (out.status === 'stopped' || ctx.signal?.aborted) throw cancelledWhile(model, fold);
          if (out.status !== 'done' || !out.done) throw new XBrainError('internal', `${model} training on "${fold.name}" failed: ${out.error ?? 'no result'}`);
          return score(out.done.files.onnx, fold);
        };
      }
    }
    const store = runStore(a, before, ctx.env);
    // this call is now the one to resume for its settings: an interrupted call of them on other epochs is replaced
    const settings = protocolSettingsKey(foldSettings(a));
    store.claim(settings);
    removeReplaced(path.dirname(store.dir), path.basename(store.dir), settings);
    const result: ProtocolResult = await runProtocol(e, {
      store,
      ...foldSettings(a),
      pipelines: a.pipelines,
      dataset: datasetName(before),
      trainModel,
      trainModels,
      progress: ctx.progress,
      signal: ctx.signal,
      training: p.models.length
        ? {
            model_params: before.model?.params ?? {},
            epoch: config.epoch,
            batch_size: config.batch_size,
            learning_rate: config.learning_rate,
            optimizer: config.optimizer,
            selection: 'last_epoch',
            backend: config.backend ?? 'local',
            alignment: a.alignment,
            input_norm: inputNormOf(config),
          }
        : null,
    });
    // files first: if writing fails, the Study stays as it was
    const outDir = path.join(root, 'protocols');
    mkdirSync(outDir, { recursive: true });
    const csv = path.join(outDir, `${result.id}.csv`);
    const json = path.join(outDir, `${result.id}.json`);
    const rel = (f: string): string => path.relative(root, f).split(path.sep).join('/');
    const stored: ProtocolResult = { ...result, files: { csv: rel(csv), json: rel(json) } };
    writeFileSync(csv, protocolCsv(stored));
    writeFileSync(json, JSON.stringify(stored, null, 1));
    let exported: string | null = null;
    if (a.exportPath) {
      exported = insideWorkspace(ctx.env, a.exportPath, 'write', 'export_path');
      mkdirSync(path.dirname(exported), { recursive: true });
      writeFileSync(exported, /\.csv$/i.test(exported) ? protocolCsv(stored) : JSON.stringify(stored, null, 1));
    }
    if (study.state !== before)
      throw new XBrainError('invalid_state', 'The study changed while run_protocol ran; the result was not stored (files are in .xbrain/protocols).');
    study.commit({ protocols: [...(before.protocols ?? []), stored] }, ['runs']);
    store.clear(); // the result is in the Study and its files now
    const warn = p.models.length ? scaleWarning(before) : null;
    const adaptedNote = p.models.length && adapted.length ? `\n\n${adaptationText(adapted)}` : '';
    const content = `${protocolReport(stored)}\n\nTable: ${csv}${exported ? `\nExported: ${exported}` : ''}${adaptedNote}${warn ? `\n\n${warn}` : ''}`;
    return plot('run_protocol', content, {
      render: renderOf(XBRAIN_MIME.protocol, protocolPayload(stored)),
      protocolId: stored.id,
      protocol: stored.protocol,
      pipelines: stored.pipelines,
      summary: stored.summary,
      subjects: stored.subjects,
      comparisons: stored.comparisons,
      rows: stored.rows.length,
      files: { csv, json, ...(exported ? { export: exported } : {}) },
    });
  } finally {
    // a failure in process (or a cancellation) leaves no array tasks running for nobody
    if (array) await (array as SweepRun).cancel().catch(() => undefined);
    running.delete(study);
    ctx.signal?.removeEventListener('abort', onAbort);
    rmSync(jobsDir, { recursive: true, force: true });
  }
}

export const protocolTools = {
  run_protocol: {
    confirmation: (args, ctx) => {
      const a = readArgs(args);
      const p = plan(a, ctx.study.state, ctx.env);
      const baselines = a.pipelines.filter((x) => !isModelPipeline(x));
      const parts = [`Run the ${a.protocol.replace('_', '-')} protocol on ${p.folds} fold(s) with ${[...new Set(a.pipelines)].join(', ')}`];
      if (p.trainings) {
        const c = protocolTraining(a, ctx.study.state).config;
        parts.push(
          `this starts ${p.trainings} training run(s) ${c.backend === 'slurm' ? 'as one Slurm array job' : 'one after another'} (${p.models.join(', ')} × ${p.folds} folds, ${c.epoch} epochs each, batch ${c.batch_size}, learning rate ${c.learning_rate}, ${c.backend ?? 'local'} backend, alignment ${a.alignment})`,
        );
      }
      if (baselines.length) parts.push(`${baselines.join(' and ')} fit ${p.folds} time(s) each in process`);
      const kept = keptRuns(a, ctx.study.state, ctx.env);
      if (kept)
        parts.push(`${kept} of the ${p.folds * new Set(a.pipelines).size} runs were finished by an interrupted call with the same settings and are reused`);
      return `${parts.join('; ')}.`;
    },
    run,
  },
} satisfies TypedImplementations;

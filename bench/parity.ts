/**
 * `npm run -s eval:parity -- [--json] [--datasets ff,lr] [--models EEGNet,ShallowConvNet,SCCNet] [--seeds 3] [--folds 5]
 *   [--first-seed 0] [--epochs 40] [--batch 8] [--lr 0.001] [--threads 2] [--backends local,pytorch] [--normalize none|z-score]
 *   [--data DIR] [--python PY] [--selection last_epoch|best_val_loss|best_val_accuracy]
 *   [--files A.edf,B.edf | --per-subject] [--events T1,T2] [--tmin 0] [--tmax 4] [--band 8,30]
 *   [--defaults] [--diagnose] [--metrics-out FILE] [--common-init] [--baseline-only]`
 * `npm run -s eval:parity -- --combine A.json,B.json[,…] [--json]`
 * `npm run -s eval:parity -- --help` prints these forms. Imported (tests), the module runs nothing: its pieces are
 *   exported and only the entry point scripts/bench.mjs bundles runs {@link runParity} on process.argv.
 * `npm run -s eval:parity -- --protocol cross_subject|cross_session|within_session --data DIR [--models EEGNet]
 *   [--epochs 10] [--batch 32] [--lr 0.001] [--seeds 1] [--alignment none|euclidean] [--pool-sessions]
 *   [--events T1,T2] [--tmin 0] [--tmax 4] [--band 8,30] [--json]`
 *
 * With --protocol: per-protocol parity. The default pipeline on every recording in DIR (load, band-pass 8–30 Hz,
 * epoch 0–4 s on T1/T2, data in volts; --events, --tmin/--tmax and --band as below), then `run_protocol` with the model families once per backend (same folds,
 * same seeds) and CSP+LDA once as the reference; prints per pipeline the mean accuracy over subjects per backend and
 * per subject the difference local − pytorch (mean over folds and seeds).
 *
 * Statistical parity of the trainer backends on real EEG: the chat pipeline run headless through the tools (load,
 * band-pass 8–30 Hz, [normalize_data], epoch 0–4 s on T1/T2, k-fold split by trial with 20 % validation, train,
 * evaluate with ONNX Runtime on each fold's test set), for every dataset × model × backend × seed. Datasets are the
 * PhysioNet S001 runs shipped in test/data: `ff` imagined fists vs feet (runs 10 + 14), `lr` imagined left vs
 * right fist (runs 4 + 8). Prints per backend the mean test accuracy over seeds × folds, the per-(seed, fold)
 * differences local − pytorch with a two-sided sign test, and the CSP+LDA baseline on the same folds.
 *
 * --events, --tmin/--tmax and --band replace the pipeline's event names (T1,T2: PhysioNet's), epoch window (0–4 s
 * after the event) and band-pass (8–30 Hz) for recordings of another paradigm, e.g. BioSig's sample.gdf (Graz
 * motor imagery: cue 769 left hand, 770 right hand) with `--files sample.gdf --events 769,770 --tmin 0.5 --tmax 4.5`.
 * --baseline-only trains nothing: CSP+LDA (the baseline below) on the same folds of each dataset — which datasets are
 * decodable at all.
 *
 * --files names the recordings (in --data) of one dataset instead of --datasets; --per-subject makes one dataset per
 * subject (file-name prefix SnnnRnn) of the recordings in --data, and with several datasets the output adds the
 * pooled mean ± SD over every (dataset, seed, fold). --defaults configures no epochs, batch size, learning rate or
 * selection (the chat's "train EEGNet" without numbers) and logs what the runs resolved them to; with it or
 * --diagnose, the first seed's runs also go through the `evaluate` tool and its chance-level warning is logged.
 *
 * --common-init: the paired, variance-reduced comparison of the two engines' training dynamics. For every (seed,
 * fold) the bench writes the trainer jobs itself (instead of start_training) so that both backends start from the
 * SAME initial weights (XBrain's init of that seed: U(±1/√fan_in), the distribution torch's defaults draw from,
 * EEGNet's BatchNorm statistics after its sizing pass included) and see the SAME batches every epoch (job data.order,
 * a seeded permutation of the training split per epoch); dropout masks stay each engine's own. Everything else is
 * start_training's job (the run seed 100·s + 1000·fold, input standardisation on the training split, threads,
 * selection) and evaluation is the same ONNX path. The per-(seed, fold) differences then carry little of the
 * init/order noise that dominates independent seeds on 6–9 test trials per fold. Without it (the default),
 * each backend trains through start_training with its own initialisation and shuffling (independent seeds).
 * With --common-init a backend may be named `local:N` or `pytorch:N` (N ≥ 1): that engine again from the same
 * weights and batches with dropout seeded by run seed + N, so `--backends local,pytorch,local:1` adds the noise
 * floor local − local:1 (what dropout masks alone change) next to local − pytorch.
 * With --defaults both engines train with what start_training resolves when no numbers are given (the adapted
 * epochs and batch size of the dataset, trainerInputs.resolvedTrainingOf) instead of --epochs/--batch/--lr.
 * Both modes print the mean paired difference local − pytorch (and each replica − its engine) with a t-based 95 %
 * CI and the sign test.
 *
 * --combine A.json,B.json,…: trains nothing; pools the --json outputs of earlier runs (e.g. seeds 0–2 and, with
 * --first-seed 3, seeds 3–7) by (dataset, model, backend, seed, fold) and prints per dataset and model, and per model
 * over the datasets, the means of both backends, the mean paired difference with its 95 % CI and the sign test. The
 * outputs must share the settings that change an accuracy (parityStats.ts POOLED_SETTINGS), and a (seed, fold) in two
 * of them must have the same accuracy in both.
 *
 * (`-s` keeps npm's banner off stdout, so --json output parses.) Progress lines go to stderr.
 *
 * Slow (it trains seeds × folds models per backend and model): not part of `npm test`. Run it with `nice -n 10`.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { cspLdaBaseline, evaluateRuns } from '../src/core/evaluation/evaluateRuns';
import { Study } from '../src/core/study/study';
import type { RunRecord } from '../src/core/study/types';
import type { ProtocolResult } from '../src/core/evaluation/protocolResult';
import { TRAINING_BASICS } from '../src/core/training/defaults';
import { ToolRegistry } from '../src/core/tools/registry';
import type { ToolContext } from '../src/core/tools/types';
import { inputSpec, resolvedTrainingOf, toMetrics } from '../src/core/tools/impl/trainerInputs';
import { epochsFile } from '../src/core/signal/spill';
import { backendSettingsOf, spawnForBackend } from '../src/core/training/backends';
import { saveWeights } from '../src/core/training/checkpoint';
import { writeSharedArrays, writeTrainerJob } from '../src/core/training/job';
import { findTrainerEntry, launchTrainer } from '../src/core/training/launcher';
import { createModel, type ModelName } from '../src/core/training/models';
import { Rng } from '../src/core/training/rng';
import type { SelectionRule } from '../src/core/training/train';
import { combineParityOutputs, formatPairedSummary, mean, meanCi95, type ParityOutput, sd, signTest } from './parityStats';

/** The checkout: dist/bench/ when scripts/bench.mjs bundled this file, bench/ when it is imported from source. */
const repoRoot = (): string => path.resolve(__dirname, path.basename(path.dirname(__dirname)) === 'dist' ? '../..' : '..');
const DATASETS: Record<string, { label: string; files: string[] }> = {
  ff: { label: 'S001 imagined fists vs feet (R10+R14)', files: ['S001R10.edf', 'S001R14.edf'] },
  lr: { label: 'S001 imagined left vs right fist (R04+R08)', files: ['S001R04.edf', 'S001R08.edf'] },
};

export const USAGE = `usage:
  npm run -s eval:parity -- [--json] [--datasets ff,lr] [--models EEGNet,ShallowConvNet,SCCNet] [--seeds 3] [--folds 5]
    [--first-seed 0] [--epochs 40] [--batch 8] [--lr 0.001] [--threads 2] [--backends local,pytorch] [--normalize none|z-score]
    [--data DIR] [--python PY] [--selection last_epoch|best_val_loss|best_val_accuracy]
    [--files A.edf,B.edf | --per-subject] [--events T1,T2] [--tmin 0] [--tmax 4] [--band 8,30]
    [--defaults] [--diagnose] [--metrics-out FILE] [--common-init] [--baseline-only]
  npm run -s eval:parity -- --combine A.json,B.json[,…] [--json]
  npm run -s eval:parity -- --protocol cross_subject|cross_session|within_session --data DIR [--models EEGNet]
    [--epochs 10] [--batch 32] [--lr 0.001] [--seeds 1] [--alignment none|euclidean] [--pool-sessions]
    [--events T1,T2] [--tmin 0] [--tmax 4] [--band 8,30] [--json]
(bench/parity.ts explains each flag)
`;

/** One call's command line: the flags above, read once (nothing else reads process.argv). */
export function parseParityArgs(argv: readonly string[]) {
  const flag = (name: string): boolean => argv.includes(`--${name}`);
  const opt = (name: string, dflt: string): string => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 && i + 1 < argv.length ? argv[i + 1] : dflt;
  };
  const list = (name: string, dflt: string): string[] =>
    opt(name, dflt)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const cfg = {
    json: flag('json'),
    /** --files A,B,…: one dataset 'files' of these recordings in --data (replaces --datasets) */
    files: list('files', ''),
    /** --per-subject: one dataset per subject (S001, S002, … by file-name prefix) of the recordings in --data */
    perSubject: flag('per-subject'),
    /**
     * --defaults: configure_training gets no epochs, batch size, learning rate or selection — the training the chat
     * runs when the user names no numbers; the resolved values are read back from the run records.
     */
    defaults: flag('defaults'),
    /** --diagnose (on with --defaults): call `evaluate` after the first seed and log its chance-level warning, if any */
    diagnose: flag('diagnose') || flag('defaults'),
    selection: opt('selection', 'last_epoch'),
    /** --metrics-out FILE: every run's per-epoch train/val/test metrics as JSON (learning curves for choosing defaults) */
    metricsOut: opt('metrics-out', ''),
    datasets: list('datasets', 'ff,lr'),
    models: list('models', 'EEGNet,ShallowConvNet,SCCNet'),
    backends: list('backends', 'local,pytorch'),
    seeds: Number(opt('seeds', '3')),
    /** seeds are 100 × (firstSeed … firstSeed + seeds − 1): a later call can add seeds to an earlier one */
    firstSeed: Number(opt('first-seed', '0')),
    folds: Number(opt('folds', '5')),
    epochs: Number(opt('epochs', '40')),
    batch: Number(opt('batch', '8')),
    lr: Number(opt('lr', '0.001')),
    threads: Number(opt('threads', '2')),
    normalize: opt('normalize', 'none'),
    dataDir: path.resolve(opt('data', path.join(repoRoot(), 'test/data'))),
    python: opt('python', ''),
    /** --common-init: per (seed, fold) both backends start from the same initial weights and batch order (see header) */
    commonInit: flag('common-init'),
    /** --events A,B: the event names epoch_data cuts around (PhysioNet's T1,T2 by default) */
    events: list('events', 'T1,T2'),
    /** --tmin/--tmax: the epoch window in seconds after the event (0–4 s by default) */
    tmin: Number(opt('tmin', '0')),
    tmax: Number(opt('tmax', '4')),
    /** --band LOW,HIGH: the band-pass in Hz (8–30 by default) */
    band: list('band', '8,30').map(Number),
    /** --baseline-only: CSP+LDA on the folds of every dataset, no training */
    baselineOnly: flag('baseline-only'),
  };
  if (cfg.band.length !== 2 || !cfg.band.every((f) => f > 0) || cfg.band[0] >= cfg.band[1]) throw new Error(`--band ${opt('band', '')}: give LOW,HIGH in Hz`);
  if (!(cfg.tmax > cfg.tmin)) throw new Error(`--tmin ${cfg.tmin} --tmax ${cfg.tmax}: the window is empty`);
  /** `local:N` → engine local, dropout seed offset N (a --common-init replica); `local` → offset 0 */
  const engineOf = (b: string): { engine: string; offset: number } => {
    const [engine, n] = b.split(':');
    const offset = n === undefined ? 0 : Number(n);
    if (!(Number.isInteger(offset) && offset >= 0) || (offset > 0 && !cfg.commonInit))
      throw new Error(`--backends ${b}: a replica (engine:N, N ≥ 1) needs --common-init`);
    return { engine, offset };
  };
  for (const b of cfg.backends) engineOf(b);
  return { argv, flag, opt, list, cfg, engineOf };
}
export type ParityArgs = ReturnType<typeof parseParityArgs>;

const log = (m: string): void => {
  process.stderr.write(`${m}\n`);
};

interface Cell {
  dataset: string;
  model: string;
  backend: string;
  /** accuracy per seed, per fold (fold order of the dataset) */
  accuracy: number[][];
  mean: number;
  sd: number;
  seconds: number;
}

/** The datasets of this call: --files, else --per-subject, else the named S001 sets of --datasets. */
function datasetsOfCall({ cfg }: ParityArgs): Record<string, { label: string; files: string[] }> {
  if (cfg.files.length) return { files: { label: cfg.files.join(' + '), files: cfg.files } };
  if (cfg.perSubject) {
    const bySubject = new Map<string, string[]>();
    for (const f of readdirSync(cfg.dataDir)
      .filter((f) => /^S\d{3}R\d{2}\.edf$/i.test(f))
      .sort()) {
      const s = f.slice(0, 4);
      bySubject.set(s, [...(bySubject.get(s) ?? []), f]);
    }
    if (!bySubject.size) throw new Error(`--per-subject: no SnnnRnn.edf recordings in ${cfg.dataDir}`);
    return Object.fromEntries([...bySubject].map(([s, files]) => [s, { label: `${s} (${files.join(' + ')})`, files }]));
  }
  return Object.fromEntries(
    cfg.datasets.map((ds) => {
      const d = DATASETS[ds];
      if (!d) throw new Error(`unknown dataset ${ds} (--datasets): choose from ${Object.keys(DATASETS).join(', ')}`);
      return [ds, d];
    }),
  );
}

export async function main(args: ParityArgs): Promise<void> {
  const { cfg, engineOf } = args;
  const tmp = mkdtempSync(path.join(tmpdir(), 'xbrain-parity-'));
  const cells: Cell[] = [];
  const baselines: Record<string, { mean: number; folds: number[] }> = {};
  const comparisons: Array<Record<string, unknown>> = [];
  const curves: Array<Record<string, unknown>> = [];
  try {
    for (const [ds, d] of Object.entries(datasetsOfCall(args))) {
      const study = new Study();
      const reg = new ToolRegistry();
      const env = {
        workspace: path.join(tmp, ds),
        packageRoot: repoRoot(),
        trusted: true,
        // the recordings are read where they are (test/data), outside the temporary workspace
        dataFolders: [cfg.dataDir],
        ...(cfg.python ? { python: cfg.python } : {}),
      };
      const ctx: ToolContext = { study, env, awaitLongJobs: true };
      const call = async (name: string, args: Record<string, unknown>): Promise<void> => {
        const r = await reg.invoke(name, args, ctx, { confirmed: true });
        if (r.type === 'error') throw new Error(`${name}: ${r.content}`);
      };
      await call('load_data', { paths: d.files.map((f) => path.join(cfg.dataDir, f)) });
      await call('apply_bandpass_filter', { low_freq: cfg.band[0], high_freq: cfg.band[1] });
      if (cfg.normalize !== 'none') await call('normalize_data', { method: cfg.normalize });
      await call('epoch_data', { t_min: cfg.tmin, t_max: cfg.tmax, event_id: cfg.events, baseline: null });
      await call('generate_dataset', { unit: 'kfold', folds: cfg.folds, val_ratio: 0.2, split_strategy: 'trial', training_mode: 'group', seed: 0 });
      const splits = study.state.dataset!.splits;
      if (cfg.baselineOnly) {
        const b = cspLdaBaseline(study.state.epochs!, splits, 'test');
        baselines[ds] = { mean: b.summary.accuracy.mean, folds: b.splits.map((x) => x.accuracy) };
        const sizes = splits.map((sp) => `${sp.train.length}/${sp.val.length}/${sp.test.length}`).join(', ');
        log(`${ds}: ${study.state.epochs!.labels.length} epochs; train/val/test per fold ${sizes}; CSP+LDA ${baselines[ds].mean.toFixed(3)}`);
      }
      for (const model of cfg.baselineOnly ? [] : cfg.models) {
        await call('set_model', { model_name: model });
        const perBackend: Record<string, number[][]> = {};
        for (const backend of cfg.backends) {
          const acc: number[][] = [];
          const t0 = performance.now();
          for (let s = 0; s < cfg.seeds; s++) {
            const numbers = cfg.defaults ? {} : { epoch: cfg.epochs, batch_size: cfg.batch, learning_rate: cfg.lr, selection: cfg.selection };
            await call('configure_training', { ...numbers, seed: 100 * (cfg.firstSeed + s), backend: engineOf(backend).engine, threads: cfg.threads });
            const before = new Set(study.state.runs.map((r) => r.id));
            let runs: RunRecord[];
            if (cfg.commonInit) runs = await trainCommonInit(args, study, env, backend, 100 * (cfg.firstSeed + s), path.join(tmp, ds, 'common'));
            else {
              await call('start_training', {});
              runs = study.state.runs.filter((r) => !before.has(r.id));
            }
            const failed = runs.find((r) => r.status !== 'done');
            if (failed) throw new Error(`${backend} run ${failed.id} ${failed.status}: ${failed.error ?? ''}`);
            for (const r of runs)
              curves.push({
                dataset: ds,
                model,
                backend,
                seed: r.seed,
                split: r.splitName,
                config: r.config,
                selectedEpoch: r.selectedEpoch,
                metrics: r.metrics,
              });
            // written after every training, so a long run that is stopped still leaves its curves
            if (cfg.metricsOut) writeFileSync(cfg.metricsOut, JSON.stringify({ config: { ...cfg, json: undefined }, runs: curves }));
            const wantBaseline = !baselines[ds];
            const res = await evaluateRuns(study.state.epochs!, splits, runs, { set: 'test', workspace: env.workspace, baseline: wantBaseline });
            if (wantBaseline && res.baseline) baselines[ds] = { mean: res.baseline.summary.accuracy.mean, folds: res.baseline.splits.map((b) => b.accuracy) };
            const byFold = new Map(res.runs.map((r) => [r.splitId, r.accuracy]));
            if (cfg.diagnose && s === 0) {
              const c = runs[0].config;
              log(`${ds} ${model} ${backend} ran with: ${c.epoch} epochs, batch ${c.batch_size}, lr ${c.learning_rate}, selection ${c.selection}`);
            }
            // --common-init runs are not in the Study, so `evaluate` would not see them
            if (cfg.diagnose && s === 0 && !cfg.commonInit) {
              // the chat's next step: does `evaluate` warn when the network is at chance next to CSP+LDA?
              const ev = await reg.invoke('evaluate', {}, ctx, { confirmed: true });
              const diagnosis = (ev.meta as { diagnosis?: string | null } | undefined)?.diagnosis;
              log(`${ds} ${model} ${backend} evaluate: ${diagnosis ? diagnosis.split('\n')[0] : 'no chance-level warning'}`);
            }
            acc.push(splits.map((sp) => byFold.get(sp.id) ?? NaN));
            log(
              `${ds} ${model} ${backend} seed ${100 * (cfg.firstSeed + s)}: ${acc[acc.length - 1].map((a) => a.toFixed(2)).join(' / ')} (mean ${mean(acc[acc.length - 1]).toFixed(3)})`,
            );
          }
          const flat = acc.flat();
          perBackend[backend] = acc;
          cells.push({ dataset: ds, model, backend, accuracy: acc, mean: mean(flat), sd: sd(flat), seconds: (performance.now() - t0) / 1000 });
        }
        // local − pytorch, and every replica against its own engine (the noise floor of the paired difference)
        const pairs = [['local', 'pytorch'], ...cfg.backends.filter((b) => b.includes(':')).map((b) => [engineOf(b).engine, b])];
        for (const [a, b] of pairs) {
          if (!perBackend[a] || !perBackend[b]) continue;
          const diffs = perBackend[a].flat().map((v, i) => v - perBackend[b].flat()[i]);
          comparisons.push({ dataset: ds, model, pair: [a, b], meanDiff: mean(diffs), ci95: meanCi95(diffs), diffs, signTest: signTest(diffs) });
        }
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const out = { config: { ...cfg, json: undefined }, cells, comparisons, baselines };
  if (cfg.metricsOut) writeFileSync(cfg.metricsOut, JSON.stringify({ config: out.config, baselines, runs: curves }));
  if (cfg.json) {
    process.stdout.write(`${JSON.stringify(out, null, 1)}\n`);
    return;
  }
  if (cfg.baselineOnly)
    console.log(`CSP+LDA only (no training), ${cfg.folds} folds, events ${cfg.events.join(',')}, ${cfg.tmin}–${cfg.tmax} s, ${cfg.band[0]}–${cfg.band[1]} Hz`);
  else
    console.log(
      `${cfg.commonInit ? 'common init and batch order per (seed, fold), ' : 'independent seeds, '}${cfg.seeds} seed(s) × ${cfg.folds} folds, ${cfg.defaults ? 'default training (no epochs, batch, lr or selection given)' : `${cfg.epochs} epochs, batch ${cfg.batch}, Adam ${cfg.lr}, selection ${cfg.selection}`}, ${cfg.threads} thread(s), normalize ${cfg.normalize}`,
    );
  for (const c of cells)
    console.log(
      `${c.dataset} ${c.model.padEnd(14)} ${c.backend.padEnd(8)} test accuracy ${c.mean.toFixed(3)} ± ${c.sd.toFixed(3)}  (${c.seconds.toFixed(0)} s)`,
    );
  for (const c of comparisons) {
    const st = c.signTest as ReturnType<typeof signTest>;
    const ci = c.ci95 as ReturnType<typeof meanCi95>;
    console.log(
      `${String(c.dataset)} ${String(c.model).padEnd(14)} ${(c.pair as string[]).join(' − ')} ${(c.meanDiff as number).toFixed(3)} (95 % CI ${ci.lo.toFixed(3)} … ${ci.hi.toFixed(3)}, SD ${ci.sd.toFixed(3)}); per (seed, fold): +${st.plus} −${st.minus} =${st.ties}, sign test p = ${st.p.toFixed(3)}`,
    );
  }
  for (const [ds, b] of Object.entries(baselines))
    console.log(`${ds} CSP+LDA on the same folds: ${b.mean.toFixed(3)} (${b.folds.map((a) => a.toFixed(2)).join(' / ')})`);
  if (Object.keys(baselines).length > 1) {
    for (const key of new Set(cells.map((c) => `${c.model} ${c.backend}`))) {
      const all = cells.filter((c) => `${c.model} ${c.backend}` === key).flatMap((c) => c.accuracy.flat());
      console.log(`pooled ${key}: ${mean(all).toFixed(3)} ± ${sd(all).toFixed(3)} over ${all.length} (dataset, seed, fold)`);
    }
    const b = Object.values(baselines).flatMap((x) => x.folds);
    console.log(`pooled CSP+LDA: ${mean(b).toFixed(3)} ± ${sd(b).toFixed(3)} over ${b.length} (dataset, fold)`);
  }
}

/**
 * --common-init: one backend's runs of one seed over every fold of the Study's dataset, trained from jobs written
 * here as start_training writes them, plus the same initial weights (createModel with the run seed) and the same
 * per-epoch batch order for every backend. Returns run records for evaluateRuns (artefact paths absolute).
 */
async function trainCommonInit(
  { cfg, engineOf }: ParityArgs,
  study: Study,
  env: ToolContext['env'],
  backendName: string,
  seed: number,
  dir: string,
): Promise<RunRecord[]> {
  const { engine: backend, offset } = engineOf(backendName);
  const state = study.state;
  const epochs = state.epochs!;
  const splits = state.dataset!.splits;
  const model = state.model!;
  const config = state.training!;
  const spec = inputSpec(state);
  // the numbers both engines train with: the given ones, or with --defaults what start_training resolves for this
  // dataset (the same function: the smallest training split decides, so every fold gets the same)
  const numbers = cfg.defaults
    ? (({ epoch, batch_size, learning_rate, selection }) => ({ epochs: epoch, batch: batch_size, lr: learning_rate, selection }))(
        resolvedTrainingOf(state).config,
      )
    : { epochs: cfg.epochs, batch: cfg.batch, lr: cfg.lr, selection: cfg.selection };
  const shared = writeSharedArrays(path.join(dir, 'shared'), epochsFile(epochs) ?? epochs.data, epochs.labels);
  const runs: RunRecord[] = [];
  for (let k = 0; k < splits.length; k++) {
    const split = splits[k];
    // start_training's seed of fold k, repeat 1
    const runSeed = (seed + 1000 * k) >>> 0;
    const id = `${backend}${offset ? `-${offset}` : ''}-s${seed}-f${k}`;
    const runDir = path.join(dir, id);
    const init = saveWeights(path.join(dir, `init-s${seed}-f${k}`), createModel(model.name, spec, model.params, { seed: runSeed }));
    // the batch order of every epoch: a function of the run seed alone, so every backend gets the same
    const nTrain = split.train.length;
    const perm = new Rng((runSeed ^ 0x6a09e667) >>> 0);
    const order = new Int32Array(numbers.epochs * nTrain);
    for (let e = 0; e < numbers.epochs; e++) order.set(perm.permutation(nTrain), e * nTrain);
    const job = writeTrainerJob(path.join(runDir, 'job'), {
      model: model.name as ModelName,
      params: model.params,
      spec,
      config: {
        epochs: numbers.epochs,
        batchSize: numbers.batch,
        learningRate: numbers.lr,
        optimizer: config.optimizer,
        selection: numbers.selection as SelectionRule,
        checkpointEvery: 0,
        threads: cfg.threads,
        inputNorm: config.input_norm === 'none' ? 'none' : 'train_fold',
      },
      // the dropout stream (and a replica's other one); init and order above do not depend on it
      seed: (runSeed + offset) >>> 0,
      ...shared,
      splits: { train: split.train, val: split.val, test: split.test },
      outDir: path.join(runDir, 'out'),
      initialWeights: init,
      order,
    });
    const run =
      backend === 'pytorch'
        ? launchTrainer(job, { spawn: await spawnForBackend('pytorch', backendSettingsOf(env), job) })
        : launchTrainer(job, { entry: findTrainerEntry({ packageRoot: env.packageRoot }) });
    const out = await run.finished;
    if (out.status !== 'done' || !out.done) throw new Error(`${backend} common-init run ${id} ${out.status}: ${out.error ?? ''}`);
    runs.push({
      id,
      splitId: split.id,
      splitName: split.name,
      repeat: 1,
      seed: runSeed,
      model,
      config: {
        ...config,
        epoch: numbers.epochs,
        batch_size: numbers.batch,
        learning_rate: numbers.lr,
        selection: numbers.selection as SelectionRule,
        backend: backend as typeof config.backend,
      },
      status: 'done',
      metrics: out.progress.map(toMetrics),
      artefacts: { onnx: out.done.files.onnx, weights: out.done.files.selectedWeights },
      selectedEpoch: out.done.selectedEpoch,
      selection: out.done.selection,
      threads: out.done.threads,
      startedAt: '',
    });
  }
  return runs;
}

/** --protocol: the same evaluation protocol on every backend; per-pipeline means and per-subject differences. */
export async function protocolParity(args: ParityArgs, protocol: string): Promise<void> {
  const { argv, cfg, flag, opt, list } = args;
  if (!argv.includes('--data')) throw new Error('--protocol needs --data DIR: a folder of several subjects (test/data holds one)');
  const models = list('models', 'EEGNet');
  const seeds = Number(opt('seeds', '1'));
  // the training defaults run_protocol uses unless given (TRAINING_BASICS)
  Object.assign(cfg, { epochs: Number(opt('epochs', String(TRAINING_BASICS.epoch))), batch: Number(opt('batch', String(TRAINING_BASICS.batch_size))) });
  const study = new Study();
  const reg = new ToolRegistry();
  const tmp = mkdtempSync(path.join(tmpdir(), 'xbrain-parity-protocol-'));
  // the recordings stay where they are: their folder is a data folder of the temporary workspace
  const env = { workspace: tmp, packageRoot: repoRoot(), trusted: true, dataFolders: [cfg.dataDir], ...(cfg.python ? { python: cfg.python } : {}) };
  const ctx: ToolContext = { study, env, awaitLongJobs: true, progress: (m) => log(`  ${m}`) };
  const call = async (name: string, args: Record<string, unknown>): Promise<void> => {
    const r = await reg.invoke(name, args, ctx, { confirmed: true });
    if (r.type === 'error') throw new Error(`${name}: ${r.content}`);
  };
  // per backend and pipeline: accuracy per subject, summed over seeds (divided at the end)
  const acc: Record<string, Record<string, Map<string, number[]>>> = {};
  const put = (backend: string, rows: ProtocolResult['subjects']): void => {
    for (const r of rows) {
      const byPipe = (acc[backend] ??= {});
      const bySubject = (byPipe[r.pipeline] ??= new Map());
      bySubject.set(r.subject, [...(bySubject.get(r.subject) ?? []), r.accuracy]);
    }
  };
  const t0: Record<string, number> = {};
  try {
    await call('load_data', { paths: [cfg.dataDir] });
    await call('apply_bandpass_filter', { low_freq: cfg.band[0], high_freq: cfg.band[1] });
    if (cfg.normalize !== 'none') await call('normalize_data', { method: cfg.normalize });
    await call('epoch_data', { t_min: cfg.tmin, t_max: cfg.tmax, event_id: cfg.events, baseline: null });
    const base = { protocol, alignment: opt('alignment', 'none'), pool_sessions: flag('pool-sessions') };
    await call('run_protocol', { ...base, pipelines: ['CSP+LDA'] });
    put('baseline', study.state.protocols!.at(-1)!.subjects);
    for (const backend of cfg.backends) {
      const start = performance.now();
      for (let s = 0; s < seeds; s++) {
        await call('configure_training', { epoch: cfg.epochs, batch_size: cfg.batch, learning_rate: cfg.lr, backend, threads: cfg.threads });
        await call('run_protocol', { ...base, pipelines: models, seed: 100 * (cfg.firstSeed + s) });
        put(backend, study.state.protocols!.at(-1)!.subjects);
        log(`${protocol} ${backend} seed ${100 * (cfg.firstSeed + s)} done`);
      }
      t0[backend] = (performance.now() - start) / 1000;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const subjectMean = (backend: string, pipeline: string): Map<string, number> =>
    new Map([...(acc[backend]?.[pipeline] ?? new Map<string, number[]>())].map(([s, v]) => [s, mean(v)]));
  const report = {
    config: {
      protocol,
      models,
      seeds,
      epochs: cfg.epochs,
      batch: cfg.batch,
      lr: cfg.lr,
      backends: cfg.backends,
      alignment: opt('alignment', 'none'),
      events: cfg.events,
      tmin: cfg.tmin,
      tmax: cfg.tmax,
      band: cfg.band,
    },
    baseline: Object.fromEntries(subjectMean('baseline', 'CSP+LDA')),
    pipelines: models.map((model) => {
      const per = Object.fromEntries(cfg.backends.map((b) => [b, subjectMean(b, model)]));
      const subjects = [...(per[cfg.backends[0]]?.keys() ?? [])];
      const diffs = per.local && per.pytorch ? subjects.map((s) => per.local.get(s)! - per.pytorch.get(s)!) : [];
      return {
        model,
        mean: Object.fromEntries(cfg.backends.map((b) => [b, mean([...per[b].values()])])),
        seconds: Object.fromEntries(cfg.backends.map((b) => [b, t0[b]])),
        subjects: subjects.map((s, i) => ({
          subject: s,
          accuracy: Object.fromEntries(cfg.backends.map((b) => [b, per[b].get(s) ?? NaN])),
          difference: diffs[i],
        })),
        meanDifference: diffs.length ? mean(diffs) : null,
        maxAbsDifference: diffs.length ? Math.max(...diffs.map(Math.abs)) : null,
        signTest: diffs.length ? signTest(diffs) : null,
      };
    }),
  };
  if (cfg.json) {
    process.stdout.write(`${JSON.stringify(report, null, 1)}\n`);
    return;
  }
  console.log(`${protocol}, ${seeds} seed(s), ${cfg.epochs} epochs, batch ${cfg.batch}, Adam ${cfg.lr}, alignment ${report.config.alignment}`);
  console.log(`CSP+LDA (reference): ${mean(Object.values(report.baseline)).toFixed(3)}`);
  for (const p of report.pipelines) {
    console.log(`${p.model}: ${cfg.backends.map((b) => `${b} ${p.mean[b].toFixed(3)} (${p.seconds[b].toFixed(0)} s)`).join(', ')}`);
    for (const s of p.subjects)
      console.log(
        `  ${s.subject}: ${cfg.backends.map((b) => `${b} ${(s.accuracy[b] * 100).toFixed(1)} %`).join(', ')}${s.difference === undefined ? '' : `, local − pytorch ${(100 * s.difference).toFixed(1)} points`}`,
      );
    if (p.meanDifference !== null)
      console.log(
        `  local − pytorch: mean ${(100 * p.meanDifference).toFixed(1)} points, max |difference| ${(100 * p.maxAbsDifference!).toFixed(1)} points, sign test p = ${p.signTest!.p.toFixed(3)}`,
      );
  }
}

/** --combine A.json,B.json,…: no training; the paired comparisons over the union of earlier --json outputs. */
export async function combine({ cfg }: ParityArgs, files: string[]): Promise<void> {
  const read = (f: string): ParityOutput => {
    try {
      return JSON.parse(readFileSync(f, 'utf8')) as ParityOutput;
    } catch (e) {
      throw new Error(`--combine ${f}: not an eval:parity --json output (${(e as Error).message})`);
    }
  };
  const summaries = combineParityOutputs(files.map((f) => ({ name: f, output: read(f) })));
  if (cfg.json) {
    process.stdout.write(`${JSON.stringify({ files, summaries }, null, 1)}\n`);
    return;
  }
  for (const s of summaries) console.log(formatPairedSummary(s));
}

/** One call: --help, --combine, --protocol or the parity runs (what `npm run -s eval:parity -- …` runs). */
export async function runParity(argv: readonly string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(USAGE);
    return;
  }
  const args = parseParityArgs(argv);
  const protocol = args.opt('protocol', '');
  const combineFiles = args.list('combine', '');
  await (combineFiles.length ? combine(args, combineFiles) : protocol ? protocolParity(args, protocol) : main(args));
}

// only as the entry point (scripts/bench.mjs bundles this file and runs it); importing it runs nothing
if (require.main === module) {
  runParity(process.argv.slice(2)).catch((e: unknown) => {
    console.error((e as Error).stack ?? String(e));
    process.exit(1);
  });
}

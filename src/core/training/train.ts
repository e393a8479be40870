/**
 * The training loop: seeded shuffling, mini-batches (last partial batch kept, as a DataLoader without drop_last),
 * one optimiser step per batch, per-epoch train/val/test loss, accuracy and AUC, model selection, cancellation by
 * AbortSignal between batches, optional checkpoints, and data parallelism over worker threads when available.
 */
import * as path from 'node:path';
import { saveWeights } from './checkpoint';
import { addPackedGrads, findWorkerScript, packState, WorkerPool } from './dataParallel';
import { evaluateModel, type LabelledSet, type SplitMetrics, type StreamedSet } from './evaluate';
import type { Model, NamedTensor } from './models';
import { createOptimizer, type OptimizerName, type OptimizerOptions } from './optim';
import { Rng } from './rng';
import { rocAuc } from './rocAuc';
import { ShardRunner } from './shard';

export type SelectionRule = 'last_epoch' | 'best_val_loss' | 'best_val_accuracy' | 'best_test_accuracy';

export interface TrainConfig {
  epochs: number;
  batchSize: number;
  learningRate: number;
  optimizer: OptimizerName;
  /** extra torch.optim arguments (betas, eps, weightDecay, momentum, dampening, nesterov) */
  optimizerOptions?: Omit<OptimizerOptions, 'lr'>;
  /** shuffling seed (dropout masks are seeded by the model) */
  seed: number;
  shuffle?: boolean;
  /** threads for data parallelism (1 = main thread only); more need the worker bundle */
  threads?: number;
  /** path of the bundled worker (dist/trainWorker.js); found next to the running bundle when omitted */
  workerScript?: string;
  selection?: SelectionRule;
  /** write `<checkpointDir>/Epoch-N` weights every this many epochs (0 = never) */
  checkpointEvery?: number;
  checkpointDir?: string;
  /** explicit batch order per epoch (overrides shuffling): for parity tests against PyTorch */
  batchOrder?: (epoch: number) => Int32Array;
}

export interface EpochRecord {
  epoch: number;
  lr: number;
  /** wall time of the epoch's training pass (not the evaluation) */
  seconds: number;
  train: SplitMetrics;
  val?: SplitMetrics;
  test?: SplitMetrics;
}

export interface TrainSets {
  train: LabelledSet;
  /** evaluated after every epoch: held, or read a block at a time at each evaluation (StreamedSet) */
  val?: LabelledSet | StreamedSet;
  test?: LabelledSet | StreamedSet;
}

export interface TrainHooks {
  signal?: AbortSignal;
  onEpoch?: (record: EpochRecord, model: Model) => void | Promise<void>;
  /** called after every optimiser step with the batch's mean loss */
  onStep?: (step: number, loss: number) => void;
  log?: (message: string) => void;
}

export interface TrainResult {
  epochs: EpochRecord[];
  /** true when the signal ended training early; finished epochs are kept */
  stopped: boolean;
  selection: SelectionRule;
  /** epoch (1-based) whose weights were selected; 0 when no epoch finished */
  selectedEpoch: number;
  /** copy of the selected state dict */
  selectedState: NamedTensor[];
  threads: number;
}

const copyState = (model: Model): NamedTensor[] => model.stateDict().map((t) => ({ ...t, shape: [...t.shape], data: t.data.slice() }));

function better(rule: SelectionRule, rec: EpochRecord, best: EpochRecord | null): boolean {
  switch (rule) {
    case 'last_epoch':
      return true;
    case 'best_val_loss':
      return rec.val !== undefined && (best?.val === undefined || rec.val.loss < best.val.loss);
    case 'best_val_accuracy':
      return rec.val !== undefined && (best?.val === undefined || rec.val.accuracy > best.val.accuracy);
    case 'best_test_accuracy':
      return rec.test !== undefined && (best?.test === undefined || rec.test.accuracy > best.test.accuracy);
  }
}

/**
 * The shuffling stream of a run seed. Not `new Rng(seed)`: createModel draws the initial weights from that stream,
 * and the first epoch's permutation would then be a function of conv1's initial weights; PyTorch's trainer keeps
 * the two apart (torch's generator for init and dropout, numpy's for the order), and so does this one.
 */
export const shuffleRng = (seed: number): Rng => new Rng((seed ^ 0x5851f42d) >>> 0);

const yieldToEventLoop = (): Promise<void> => new Promise((r) => setImmediate(r));

export async function trainModel(model: Model, sets: TrainSets, config: TrainConfig, hooks: TrainHooks = {}): Promise<TrainResult> {
  const { train } = sets;
  const per = model.inputSize;
  const n = train.x.length / per;
  if (!Number.isInteger(n) || n !== train.labels.length)
    throw new Error(`training set: ${train.x.length} values and ${train.labels.length} labels do not match C×T = ${per}`);
  if (n === 0) throw new Error('training set is empty');
  const k = model.nClasses;
  const params = model.parameters();
  const opt = createOptimizer(config.optimizer, params, { lr: config.learningRate, ...config.optimizerOptions });
  const rng = shuffleRng(config.seed);
  const selection = config.selection ?? 'last_epoch';
  const runner = new ShardRunner(model, train.x, train.labels);

  let pool: WorkerPool | null = null;
  const wanted = Math.max(1, Math.floor(config.threads ?? 1));
  if (wanted > 1 && config.batchSize > 1) {
    const script = findWorkerScript(config.workerScript);
    if (script) {
      const labels = Int32Array.from(train.labels);
      pool = await WorkerPool.start(
        script,
        wanted - 1,
        { model: model.name, spec: model.spec, params: model.params, inputNorm: model.inputNorm, x: train.x, labels },
        config.seed,
        model.batchSyncSize(),
      );
    } else hooks.log?.('training worker bundle not found: training on one thread');
  }
  const threads = pool ? pool.size + 1 : 1;
  // Evaluation in batches of this thread's training shard: the layers' buffers, sized by the largest batch they saw,
  // then never outgrow training (batches of 64 made them 4× larger at 2 threads: ~130 MB more for EEGNet at
  // 64 × 641). Eval-mode outputs do not depend on the batch size (test/unit/training/evalBatch.test.ts).
  const evalBatch = Math.max(1, Math.round(config.batchSize / threads));

  const epochs: EpochRecord[] = [];
  let best: EpochRecord | null = null;
  let selectedState: NamedTensor[] = [];
  let stopped = false;
  let step = 0;
  const trainProbs = new Float32Array(n * k);
  const trainLabels = new Int32Array(n);
  try {
    for (let epoch = 1; epoch <= config.epochs && !stopped; epoch++) {
      const order = config.batchOrder ? config.batchOrder(epoch) : config.shuffle === false ? Int32Array.from({ length: n }, (_, i) => i) : rng.permutation(n);
      const t0 = performance.now();
      let lossSum = 0;
      let correct = 0;
      let seen = 0;
      for (let s = 0; s < n; s += config.batchSize) {
        if (hooks.signal?.aborted) {
          stopped = true;
          break;
        }
        const idx = order.subarray(s, Math.min(n, s + config.batchSize));
        const m = idx.length;
        model.zeroGrad();
        let stepLoss = 0;
        if (pool && m >= threads) {
          // Split the batch: shard 0 on this thread, the rest on the workers (they start first).
          const bounds = Array.from({ length: threads + 1 }, (_, i) => Math.round((i * m) / threads));
          const state = packState(model);
          const pending = Array.from({ length: pool.size }, (_, w) =>
            pool!.run(w, { type: 'step', state: state.slice(), indices: idx.slice(bounds[w + 1], bounds[w + 2]), total: m }),
          );
          model.setBatchSync(pool.sync);
          let mine: ReturnType<ShardRunner['run']>;
          try {
            mine = runner.run(idx.subarray(0, bounds[1]), m);
          } catch (e) {
            pool.sync.abort();
            throw e;
          } finally {
            model.setBatchSync(null);
          }
          lossSum += mine.lossSum;
          stepLoss += mine.lossSum;
          correct += mine.correct;
          trainProbs.set(mine.probs, seen * k);
          // The BatchNorm running statistics need no merging: synchronised, every shard computed the same ones.
          const replies = await Promise.all(pending);
          let off = bounds[1];
          for (const r of replies) {
            addPackedGrads(params, r.grads);
            lossSum += r.lossSum;
            stepLoss += r.lossSum;
            correct += r.correct;
            trainProbs.set(r.probs, (seen + off) * k);
            off += r.probs.length / k;
          }
        } else {
          const r = runner.run(idx, m);
          lossSum += r.lossSum;
          stepLoss += r.lossSum;
          correct += r.correct;
          trainProbs.set(r.probs, seen * k);
          await yieldToEventLoop();
        }
        for (let i = 0; i < m; i++) trainLabels[seen + i] = train.labels[idx[i]];
        seen += m;
        opt.step();
        step++;
        hooks.onStep?.(step, stepLoss / m);
      }
      if (stopped && seen < n) break;
      const seconds = (performance.now() - t0) / 1000;
      const rec: EpochRecord = {
        epoch,
        lr: opt.lr,
        seconds,
        train: { loss: lossSum / seen, accuracy: correct / seen, auc: rocAuc(trainProbs, trainLabels, k) },
      };
      if (sets.val && sets.val.labels.length) rec.val = pick(evaluateModel(model, sets.val, evalBatch));
      if (sets.test && sets.test.labels.length) rec.test = pick(evaluateModel(model, sets.test, evalBatch));
      epochs.push(rec);
      if (better(selection, rec, best)) {
        best = rec;
        selectedState = copyState(model);
      }
      if (config.checkpointEvery && config.checkpointDir && epoch % config.checkpointEvery === 0) {
        saveWeights(path.join(config.checkpointDir, `Epoch-${epoch}-model`), model, { epoch });
      }
      await hooks.onEpoch?.(rec, model);
    }
  } finally {
    await pool?.close();
  }
  if (!best && epochs.length) {
    // A selection rule on a split that does not exist falls back to the last epoch.
    best = epochs[epochs.length - 1];
    selectedState = copyState(model);
  }
  return { epochs, stopped, selection, selectedEpoch: best?.epoch ?? 0, selectedState, threads };
}

const pick = (e: SplitMetrics): SplitMetrics => ({ loss: e.loss, accuracy: e.accuracy, auc: e.auc });

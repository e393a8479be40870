/**
 * Inference helpers on a model: eval-mode probabilities, loss/accuracy/AUC on a labelled set, and input gradients
 * (the building block of every saliency method).
 */
import { softmaxCrossEntropy } from './layers';
import type { Model } from './models';
import { rocAuc } from './rocAuc';
import { epochStreaming } from '../signal/spill';

export interface LabelledSet {
  /** n × C × T, C order */
  x: Float32Array;
  labels: ArrayLike<number>;
}

/**
 * A labelled set whose rows are read a block at a time when it is evaluated, instead of being held (the trainer's
 * validation and test rows, read from the epochs file at each evaluation: issue 20).
 */
export interface StreamedSet {
  labels: ArrayLike<number>;
  /** rows start … start + count − 1 (count × C × T); the array may be reused by the next call */
  rows(start: number, count: number): Float32Array;
}

/** Rows per block when a StreamedSet is evaluated: the epochs streaming chunk (16 MB), a whole number of batches. */
export function blockRows(model: Model, batchSize: number): number {
  const perBatch = model.inputSize * 4 * batchSize;
  return batchSize * Math.max(1, Math.floor(epochStreaming.chunkBytes / perBatch));
}

export interface SplitMetrics {
  loss: number;
  accuracy: number;
  auc: number;
}

export interface Evaluation extends SplitMetrics {
  /** n × nClasses softmax outputs */
  probs: Float32Array;
  /** n × nClasses logits */
  logits: Float32Array;
  predictions: Int32Array;
}

function countOf(model: Model, x: Float32Array): number {
  const per = model.inputSize;
  if (x.length % per !== 0) throw new Error(`input has ${x.length} values, not a multiple of C×T = ${per}`);
  return x.length / per;
}

/** Eval-mode logits for every row of x, in chunks of batchSize. */
export function predictLogits(model: Model, x: Float32Array, batchSize = 64): Float32Array {
  const n = countOf(model, x);
  const k = model.nClasses;
  const out = new Float32Array(n * k);
  const per = model.inputSize;
  for (let s = 0; s < n; s += batchSize) {
    const m = Math.min(batchSize, n - s);
    const logits = model.forward(x.subarray(s * per, (s + m) * per), m, false);
    out.set(logits.subarray(0, m * k), s * k);
  }
  return out;
}

/** Eval-mode softmax probabilities, n × nClasses. */
export function predict(model: Model, x: Float32Array, batchSize = 64): Float32Array {
  const logits = predictLogits(model, x, batchSize);
  const k = model.nClasses;
  const probs = new Float32Array(logits.length);
  for (let i = 0; i < logits.length / k; i++) {
    let mx = -Infinity;
    for (let j = 0; j < k; j++) mx = Math.max(mx, logits[i * k + j]);
    let z = 0;
    for (let j = 0; j < k; j++) z += Math.exp(logits[i * k + j] - mx);
    for (let j = 0; j < k; j++) probs[i * k + j] = Math.exp(logits[i * k + j] - mx) / z;
  }
  return probs;
}

/** Eval-mode logits of a StreamedSet, block by block (each sample's logits do not depend on its batch). */
function predictStreamed(model: Model, set: StreamedSet, batchSize: number): Float32Array {
  const n = set.labels.length;
  const k = model.nClasses;
  const out = new Float32Array(n * k);
  const block = blockRows(model, batchSize);
  for (let s = 0; s < n; s += block) {
    const m = Math.min(block, n - s);
    const x = set.rows(s, m);
    if (x.length !== m * model.inputSize) throw new Error(`rows ${s}…${s + m - 1}: ${x.length} values, ${m} × ${model.inputSize} expected`);
    out.set(predictLogits(model, x, batchSize), s * k);
  }
  return out;
}

/** Loss (mean cross-entropy), accuracy (0–1), AUC and the outputs on a labelled set, in eval mode. */
export function evaluateModel(model: Model, set: LabelledSet | StreamedSet, batchSize = 64): Evaluation {
  const n = 'x' in set ? countOf(model, set.x) : set.labels.length;
  const k = model.nClasses;
  const logits = 'x' in set ? predictLogits(model, set.x, batchSize) : predictStreamed(model, set, batchSize);
  const probs = new Float32Array(n * k);
  const { loss, correct } = n ? softmaxCrossEntropy(logits, set.labels, n, k, probs, null) : { loss: NaN, correct: 0 };
  const predictions = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    let arg = 0;
    for (let j = 1; j < k; j++) if (logits[i * k + j] > logits[i * k + arg]) arg = j;
    predictions[i] = arg;
  }
  return { loss, accuracy: n ? correct / n : NaN, auc: rocAuc(probs, set.labels, k), probs, logits, predictions };
}

/**
 * d logit[target_i] / d x_i for every row (eval mode, as captum's Saliency on XBrainLab's model). Returns n × C × T.
 * Parameter gradients are accumulated as a side effect and cleared afterwards.
 */
export function inputGradients(model: Model, x: Float32Array, targets: ArrayLike<number>, batchSize = 32): Float32Array {
  const n = countOf(model, x);
  if (targets.length !== n) throw new Error(`targets has ${targets.length} entries for ${n} inputs`);
  const k = model.nClasses;
  const per = model.inputSize;
  const out = new Float32Array(n * per);
  const seed = new Float32Array(batchSize * k);
  for (let s = 0; s < n; s += batchSize) {
    const m = Math.min(batchSize, n - s);
    model.forward(x.subarray(s * per, (s + m) * per), m, false);
    const d = seed.subarray(0, m * k);
    d.fill(0);
    for (let i = 0; i < m; i++) d[i * k + targets[s + i]] = 1;
    const g = model.backward(d, true);
    out.set(g.subarray(0, m * per), s * per);
  }
  model.zeroGrad();
  return out;
}

/**
 * One shard of a training step: gather the rows, forward in training mode, cross-entropy scaled by the whole
 * batch size, backward into the parameter gradients. Shared by the main thread and the workers.
 */
import { softmaxCrossEntropy } from './layers';
import type { Model } from './models';

export class ShardRunner {
  private xBuf = new Float32Array(0);
  private yBuf = new Int32Array(0);
  private probs = new Float32Array(0);
  private dLogits = new Float32Array(0);

  constructor(
    private readonly model: Model,
    private readonly x: Float32Array,
    private readonly labels: ArrayLike<number>,
  ) {}

  /** Accumulates into the model's gradients (call zeroGrad first); returns the shard's loss sum and outputs. */
  run(indices: ArrayLike<number>, total: number): { lossSum: number; correct: number; probs: Float32Array } {
    const m = indices.length;
    const per = this.model.inputSize;
    const k = this.model.nClasses;
    if (this.xBuf.length < m * per) this.xBuf = new Float32Array(m * per);
    if (this.yBuf.length < m) this.yBuf = new Int32Array(m);
    if (this.probs.length < m * k) {
      this.probs = new Float32Array(m * k);
      this.dLogits = new Float32Array(m * k);
    }
    const xb = this.xBuf.subarray(0, m * per);
    const yb = this.yBuf.subarray(0, m);
    for (let i = 0; i < m; i++) {
      const r = indices[i];
      xb.set(this.x.subarray(r * per, (r + 1) * per), i * per);
      yb[i] = this.labels[r];
    }
    const logits = this.model.forward(xb, m, true);
    const probs = this.probs.subarray(0, m * k);
    const d = this.dLogits.subarray(0, m * k);
    const { loss, correct } = softmaxCrossEntropy(logits, yb, m, k, probs, d, 1 / total);
    this.model.backward(d, false);
    return { lossSum: loss * m, correct, probs };
  }
}

// The trainer's working memory (issue 20): what a model replica keeps between forward and backward is bounded by the
// tensors backward needs, sized by the training shard, and evaluation in shard batches allocates nothing more.
// Around EEGNet's first BatchNorm (the largest tensors: F1 maps of C × T′ per sample) a training step needs three
// per-sample tensors: the BatchNorm's output (the next convolution's input), x̂, and dy. Before issue 20 the
// convolution, the BatchNorm and the next convolution held five there (conv output, y, x̂, dx, the next conv's dx)
// plus three copies in a module memory shared by the thread.
import { describe, expect, it } from 'vitest';
import { predictLogits } from '../../../src/core/training/evaluate';
import { createModel, type Model } from '../../../src/core/training/models';
import { ShardRunner } from '../../../src/core/training/shard';
import { batchNormSimdAvailable } from '../../../src/core/training/simdBatchNorm';
import { trainModel } from '../../../src/core/training/train';
import { toyData } from './toyData';
import { tempTrainerBundle } from './trainerBundle';

const bundle = tempTrainerBundle('xbrain-workmem-');

const size = (s: readonly number[]): number => s[0] * s[1] * s[2];
/** A WebAssembly memory grows by 64 KiB pages; the convolutions keep a few padded rows besides. */
const SLACK = 65536 + 4096;

/**
 * Bytes EEGNet's first three layers (temporal conv, BatchNorm, depthwise conv) may hold for a shard of n: three
 * per-sample tensors of the first convolution's output size, and the depthwise convolution's own output.
 */
function firstBlockBound(model: Model, n: number): number {
  const [conv1, , conv2] = model.layers.map((l) => l.layer);
  return 4 * n * (3 * size(conv1.outShape) + size(conv2.outShape)) + SLACK;
}
const firstBlockBytes = (model: Model): number =>
  model.layers
    .slice(0, 3)
    .map((l) => l.layer.workingBytes())
    .reduce((a, b) => a + b, 0);

describe('working memory of a replica', () => {
  // 32 channels: the first BatchNorm's planes (32 × 137) suit the SIMD passes; 31 channels (31 × 137, odd) run the JS loops
  for (const nChannels of [32, 31]) {
    it(`EEGNet, ${nChannels} channels: a step holds three tensors around the first BatchNorm, evaluation and a smaller batch add nothing`, () => {
      if (nChannels === 32) expect(batchNormSimdAvailable()).toBe(true);
      const spec = { nChannels, nTimes: 200, sfreq: 128, nClasses: 2 };
      const model = createModel('EEGNet', spec, {}, { seed: 1 });
      const data = toyData(20, nChannels, 200, 128, 2);
      const runner = new ShardRunner(model, data.x, data.labels);
      const n = 8;
      model.zeroGrad();
      runner.run(
        Int32Array.from({ length: n }, (_, i) => i),
        16,
      );
      const afterStep = model.workingBytes();
      expect(firstBlockBytes(model)).toBeLessThanOrEqual(firstBlockBound(model, n));
      // the three tensors are really there (the accounting is not vacuous)
      expect(firstBlockBytes(model)).toBeGreaterThanOrEqual(4 * n * 3 * size(model.layers[0].layer.outShape));

      predictLogits(model, data.x, n);
      expect(model.workingBytes()).toBe(afterStep);
      model.zeroGrad();
      runner.run(
        Int32Array.from({ length: n - 3 }, (_, i) => i + 2),
        16,
      );
      expect(model.workingBytes()).toBe(afterStep);
    });
  }
});

describe('working memory of the trainer', () => {
  for (const threads of [1, 2]) {
    it(`${threads} thread(s): the main thread's buffers are sized by its training shard and stay so over epochs with evaluation`, async () => {
      const spec = { nChannels: 32, nTimes: 200, sfreq: 128, nClasses: 2 };
      const data = toyData(40, spec.nChannels, spec.nTimes, spec.sfreq, 3);
      const per = spec.nChannels * spec.nTimes;
      const model = createModel('EEGNet', spec, {}, { seed: 2 });
      const bytes: number[] = [];
      const batchSize = 12;
      const r = await trainModel(
        model,
        {
          train: { x: data.x.subarray(0, 28 * per), labels: data.labels.subarray(0, 28) },
          val: { x: data.x.subarray(28 * per, 34 * per), labels: data.labels.subarray(28, 34) },
          test: { x: data.x.subarray(34 * per), labels: data.labels.subarray(34) },
        },
        { epochs: 3, batchSize, learningRate: 1e-3, optimizer: 'adam', seed: 0, threads, workerScript: bundle.worker },
        { onEpoch: (_rec, m) => void bytes.push(m.workingBytes()) },
      );
      expect(r.threads).toBe(threads);
      expect(bytes).toHaveLength(3);
      // sized once by the first step, never grown by evaluation (val, test) or the last partial batch
      expect(new Set(bytes).size).toBe(1);
      const shard = Math.round(batchSize / threads);
      expect(firstBlockBytes(model)).toBeLessThanOrEqual(firstBlockBound(model, shard));
      // at 2 threads the main thread holds no buffer for the whole batch
      if (threads > 1) expect(firstBlockBytes(model)).toBeLessThan(4 * batchSize * 2 * size(model.layers[0].layer.outShape));
    });
  }
});

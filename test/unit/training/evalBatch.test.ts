// The trainer evaluates in batches of its training shard and the layers keep one buffer per output, grown to the
// largest batch and viewed for smaller ones (issue 20: the trainer's working memory). Neither may change a number:
// eval-mode logits are the same whatever the batch size and whatever batch sizes the model saw before. The trainer
// also reads its validation and test rows a block at a time at each evaluation instead of holding them.
import { expect, it } from 'vitest';
import { createModel, predictLogits } from '../../../src/core/training';
import { blockRows, evaluateModel } from '../../../src/core/training/evaluate';
import { EPOCH_CHUNK_BYTES, epochStreaming } from '../../../src/core/signal/spill';
import type { ModelName } from '../../../src/core/training/models';

const spec = { nChannels: 8, nTimes: 256, nClasses: 3, sfreq: 128 };
const n = 37;
const x = Float32Array.from({ length: n * spec.nChannels * spec.nTimes }, (_, i) => Math.sin(i * 0.013) + ((i * 7919) % 13) / 13);

it.each(['EEGNet', 'ShallowConvNet', 'SCCNet'] as ModelName[])('%s: eval logits do not depend on the batch size or the batches before', (name) => {
  const fresh = createModel(name, spec as never, {}, { seed: 3 });
  const want = Array.from(predictLogits(fresh, x, 64));
  const used = createModel(name, spec as never, {}, { seed: 3 });
  // a larger batch first (the buffers grow to it), then smaller ones read through views of those buffers
  expect(Array.from(predictLogits(used, x, 37))).toEqual(want);
  expect(Array.from(predictLogits(used, x, 16))).toEqual(want);
  expect(Array.from(predictLogits(used, x, 5))).toEqual(want);
  expect(Array.from(predictLogits(used, x, 64))).toEqual(want);
  expect(want.every(Number.isFinite)).toBe(true);
  expect(new Set(want).size).toBeGreaterThan(n);
});

it('a set read a block at a time (the trainer’s val and test rows) evaluates as the same set held in memory', () => {
  const model = createModel('EEGNet', spec as never, {}, { seed: 5 });
  const labels = Int32Array.from({ length: n }, (_, i) => (i * 5) % 3);
  const per = spec.nChannels * spec.nTimes;
  const want = evaluateModel(model, { x, labels }, 8);
  const reads: number[] = [];
  const buf = new Float32Array(16 * per);
  epochStreaming.chunkBytes = 2 * 8 * per * 4; // two batches of 8 per block
  try {
    expect(blockRows(model, 8)).toBe(16);
    const got = evaluateModel(
      model,
      {
        labels,
        rows: (start, count) => {
          reads.push(count);
          buf.fill(NaN);
          buf.set(x.subarray(start * per, (start + count) * per));
          return buf.subarray(0, count * per);
        },
      },
      8,
    );
    expect(got).toEqual(want);
  } finally {
    epochStreaming.chunkBytes = EPOCH_CHUNK_BYTES;
  }
  expect(reads).toEqual([16, 16, 5]);
  expect(Number.isFinite(want.loss)).toBe(true);
});

// The training loop on small synthetic data: it learns, it is deterministic for a seed, selection and
// cancellation behave, checkpoints round-trip, BatchNorm train/eval semantics match PyTorch's definition.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BatchNorm2d } from '../../../src/core/training/layers';
import { createModel, minSamples } from '../../../src/core/training/models';
import { evaluateModel, inputGradients, predict } from '../../../src/core/training/evaluate';
import { loadModel, saveWeights } from '../../../src/core/training/checkpoint';
import { trainModel } from '../../../src/core/training/train';
import { XBrainError } from '../../../src/core/errors';
import { toyData } from './toyData';

const tmp = mkdtempSync(path.join(tmpdir(), 'xbrain-train-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const spec = { nChannels: 4, nTimes: 160, sfreq: 64, nClasses: 2 };

describe('models', () => {
  it('refuses too-short epochs with the minimum samples and seconds (XBrainLab rule)', () => {
    expect(minSamples('EEGNet', 250)).toBe(285);
    expect(minSamples('SCCNet', 250)).toBe(126);
    expect(minSamples('ShallowConvNet', 250)).toBe(100);
    try {
      createModel('EEGNet', { nChannels: 22, nTimes: 200, sfreq: 250, nClasses: 4 });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(XBrainError);
      expect((e as XBrainError).message).toContain('Minimum required: 285 samples (1.140s)');
      expect((e as XBrainError).details.minSamples).toBe(285);
    }
    expect(() => createModel('EEGNet', { nChannels: 22, nTimes: 285, sfreq: 250, nClasses: 4 })).not.toThrow();
    expect(() => createModel('Foo', spec)).toThrow(/Unknown model "Foo"/);
    expect(() => createModel('EEGNet', spec, { Ns: 3 })).toThrow(/EEGNet has no parameter "Ns"/);
  });

  it('builds XBrainLab shapes and PyTorch state_dict names at 250 Hz, 22 × 1000', () => {
    const s = { nChannels: 22, nTimes: 1000, sfreq: 250, nClasses: 4 };
    const eeg = createModel('EEGNet', s);
    const names = eeg.stateDict().map((t) => `${t.name}:${t.shape.join('x')}`);
    expect(names).toContain('conv1.0.weight:8x1x1x125');
    expect(names).toContain('conv2.0.weight:16x1x22x1');
    expect(names).toContain('conv3.0.weight:16x1x1x31');
    expect(names).toContain('conv3.1.weight:16x16x1x1');
    expect(names).toContain('conv3.2.running_var:16');
    expect(names).toContain('classifier.weight:4x368');
    const scc = createModel('SCCNet', s);
    expect(scc.stateDict().find((t) => t.name === 'classifier.weight')!.shape).toEqual([4, 20 * 36]);
    const shallow = createModel('ShallowConvNet', s);
    expect(shallow.stateDict().find((t) => t.name === 'classifier.weight')!.shape).toEqual([4, 40 * 61]);
    // the constructor's training-mode pass on ones updates BN running stats once, as in XBrainLab
    const nbt = eeg.stateDict().find((t) => t.name === 'conv1.1.num_batches_tracked')!;
    expect(nbt.data[0]).toBe(1);
  });
});

describe('BatchNorm2d semantics', () => {
  it('normalises with the biased variance, tracks the unbiased one with momentum 0.1', () => {
    const bn = new BatchNorm2d([1, 1, 4], Float64Array);
    const x = Float64Array.from([1, 2, 3, 4, 5, 6, 7, 8]);
    const y = bn.forward(x, 2, true);
    const mean = 4.5;
    const varB = 5.25;
    expect(y[0]).toBeCloseTo((1 - mean) / Math.sqrt(varB + 1e-5), 10);
    expect(bn.runningMean.data[0]).toBeCloseTo(0.45, 12);
    expect(bn.runningVar.data[0]).toBeCloseTo(0.9 + 0.1 * 6, 12);
    const e = bn.forward(Float64Array.from([0.45, 1]), 1, false);
    expect(e[0]).toBeCloseTo(0, 10);
    expect(e[1]).toBeCloseTo((1 - 0.45) / Math.sqrt(1.5 + 1e-5), 10);
  });
});

describe('trainModel', () => {
  const data = toyData(48, spec.nChannels, spec.nTimes, spec.sfreq, 1);
  const val = toyData(16, spec.nChannels, spec.nTimes, spec.sfreq, 2);
  const cfg = { epochs: 8, batchSize: 8, learningRate: 0.01, optimizer: 'adam' as const, seed: 3 };

  it('learns a separable toy task and is bit-for-bit deterministic for a seed', async () => {
    const run = async (): Promise<{ losses: number[]; acc: number; w: Float32Array }> => {
      const model = createModel('EEGNet', spec, {}, { seed: 5 });
      const r = await trainModel(model, { train: data, val }, cfg);
      return { losses: r.epochs.map((e) => e.train.loss), acc: r.epochs.at(-1)!.val!.accuracy, w: Float32Array.from(model.stateDict()[0].data) };
    };
    const a = await run();
    const b = await run();
    expect(a.losses).toEqual(b.losses);
    expect(a.w).toEqual(b.w);
    expect(a.losses.at(-1)!).toBeLessThan(a.losses[0] * 0.7);
    expect(a.acc).toBeGreaterThanOrEqual(0.75);
  });

  for (const name of ['SCCNet', 'ShallowConvNet'] as const) {
    it(`${name} trains (loss falls) with sgd+momentum and adamw`, async () => {
      const params: Record<string, number> = name === 'ShallowConvNet' ? { pool_len: 20, pool_stride: 10 } : {};
      for (const optimizer of ['sgd', 'adamw'] as const) {
        const model = createModel(name, spec, params, { seed: 1 });
        const r = await trainModel(
          model,
          { train: data },
          { ...cfg, epochs: 6, optimizer, learningRate: optimizer === 'sgd' ? 0.02 : 0.005, optimizerOptions: { momentum: 0.9 } },
        );
        expect(r.epochs.at(-1)!.train.loss).toBeLessThan(r.epochs[0].train.loss);
      }
    });
  }

  it('selects the best validation epoch and stops on abort keeping finished epochs', async () => {
    const model = createModel('EEGNet', spec, {}, { seed: 5 });
    const ctl = new AbortController();
    const r = await trainModel(
      model,
      { train: data, val },
      { ...cfg, epochs: 50, selection: 'best_val_loss' },
      {
        onEpoch: (rec) => {
          if (rec.epoch === 4) ctl.abort();
        },
        signal: ctl.signal,
      },
    );
    expect(r.stopped).toBe(true);
    expect(r.epochs.length).toBe(4);
    const bestEpoch = r.epochs.reduce((b, e) => (e.val!.loss < b.val!.loss ? e : b));
    expect(r.selectedEpoch).toBe(bestEpoch.epoch);
    // the selected weights reproduce the selected epoch's validation loss
    const chosen = createModel('EEGNet', spec);
    chosen.loadStateDict(r.selectedState);
    expect(evaluateModel(chosen, val).loss).toBeCloseTo(bestEpoch.val!.loss, 5);
  });

  it('checkpoints round-trip through the binary+JSON format', async () => {
    const model = createModel('SCCNet', spec, {}, { seed: 9 });
    await trainModel(model, { train: data }, { ...cfg, epochs: 1 });
    const file = saveWeights(path.join(tmp, 'ck', 'model'), model, { epoch: 1 });
    const back = loadModel(file);
    expect(predict(back, val.x)).toEqual(predict(model, val.x));
  });

  it('input gradients equal finite differences of the target logit (eval mode)', () => {
    const model = createModel('ShallowConvNet', spec, { pool_len: 20, pool_stride: 10 }, { seed: 2 });
    const x = val.x.slice(0, 2 * model.inputSize);
    const g = inputGradients(model, x, [1, 0]);
    const f = (xx: Float32Array): number => {
      const l = predictLogitsOf(model, xx);
      return l[1] + l[2];
    };
    for (const i of [3, 100, 700, 1000]) {
      const keep = x[i];
      x[i] = keep + 1e-2;
      const lp = f(x);
      x[i] = keep - 1e-2;
      const lm = f(x);
      x[i] = keep;
      expect(g[i]).toBeCloseTo((lp - lm) / 2e-2, 2);
    }
  });
});

function predictLogitsOf(model: ReturnType<typeof createModel>, x: Float32Array): Float32Array {
  return Float32Array.from(model.forward(x, x.length / model.inputSize, false));
}

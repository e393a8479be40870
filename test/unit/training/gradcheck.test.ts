// Finite-difference gradient checks in float64 for every layer and every model: the analytic backward pass must
// agree with central differences of the scalar loss L = Σ r·f(x) (r fixed random weights).
import { describe, expect, it } from 'vitest';
import { AvgPool2d, BatchNorm2d, Conv2d, Dropout, Elu, Linear, SafeLog, Square, softmaxCrossEntropy, type Layer } from '../../../src/core/training/layers';
import { createModel } from '../../../src/core/training/models';
import { Rng } from '../../../src/core/training/rng';

const F64 = Float64Array;

function randn(rng: Rng, n: number, scale = 1, offset = 0): Float64Array {
  const a = new Float64Array(n);
  for (let i = 0; i < n; i++) a[i] = offset + scale * rng.normal();
  return a;
}

/** Max relative error between analytic and numeric gradients over sampled coordinates. */
function checkLayer(layer: Layer, n: number, x: Float64Array, training: boolean, rng: Rng, samples = 40): number {
  const outLen = n * layer.outShape[0] * layer.outShape[1] * layer.outShape[2];
  const r = randn(rng, outLen);
  const loss = (): number => {
    const y = layer.forward(x, n, training);
    let s = 0;
    for (let i = 0; i < outLen; i++) s += r[i] * y[i];
    return s;
  };
  for (const p of layer.params) p.grad.fill(0);
  loss();
  const dx = Float64Array.from(layer.backward(r, true));
  let worst = 0;
  const eps = 1e-6;
  const probe = (arr: Float64Array, analytic: ArrayLike<number>): void => {
    for (let s = 0; s < Math.min(samples, arr.length); s++) {
      const i = arr.length <= samples ? s : rng.int(arr.length);
      const keep = arr[i];
      arr[i] = keep + eps;
      const lp = loss();
      arr[i] = keep - eps;
      const lm = loss();
      arr[i] = keep;
      const num = (lp - lm) / (2 * eps);
      const err = Math.abs(num - analytic[i]) / Math.max(1e-3, Math.abs(num) + Math.abs(analytic[i]));
      worst = Math.max(worst, err);
    }
  };
  probe(x, dx);
  for (const p of layer.params) probe(p.data as Float64Array, Float64Array.from(p.grad));
  return worst;
}

describe('layer gradients (float64 finite differences)', () => {
  const rng = new Rng(7);
  const cases: Array<[string, () => { layer: Layer; x: Float64Array; n: number; training?: boolean }]> = [
    [
      'Conv2d temporal, no bias',
      () => ({ layer: new Conv2d([1, 3, 20], { inChannels: 1, outChannels: 4, kernel: [1, 5] }, F64, rng), x: randn(rng, 2 * 60), n: 2 }),
    ],
    [
      'Conv2d stride+padding+bias',
      () => ({
        layer: new Conv2d([2, 5, 11], { inChannels: 2, outChannels: 3, kernel: [3, 4], stride: [2, 3], padding: [1, 2], bias: true }, F64, rng),
        x: randn(rng, 2 * 110),
        n: 2,
      }),
    ],
    // wide kernel and rows: the register-tiled stride-1 path (8-wide tiles plus remainders, padding, row stride 2)
    [
      'Conv2d wide temporal, padded, row stride',
      () => ({
        layer: new Conv2d([2, 4, 30], { inChannels: 2, outChannels: 3, kernel: [2, 11], stride: [2, 1], padding: [1, 5], bias: true }, F64, rng),
        x: randn(rng, 2 * 240),
        n: 2,
      }),
    ],
    [
      'Conv2d depthwise groups',
      () => ({ layer: new Conv2d([4, 3, 9], { inChannels: 4, outChannels: 8, kernel: [3, 1], groups: 4 }, F64, rng), x: randn(rng, 3 * 108), n: 3 }),
    ],
    [
      'Conv2d grouped 2',
      () => ({
        layer: new Conv2d([4, 2, 7], { inChannels: 4, outChannels: 6, kernel: [1, 3], groups: 2, bias: true, padding: [0, 1] }, F64, rng),
        x: randn(rng, 2 * 56),
        n: 2,
      }),
    ],
    [
      'BatchNorm2d train',
      () => {
        const layer = new BatchNorm2d([3, 2, 5], F64);
        layer.weight.data.set([1.5, 0.7, -0.3]);
        layer.bias.data.set([0.1, -0.2, 0.3]);
        return { layer, x: randn(rng, 4 * 30, 2, 1), n: 4, training: true };
      },
    ],
    [
      'BatchNorm2d eval',
      () => {
        const layer = new BatchNorm2d([3, 1, 4], F64);
        layer.runningMean.data.set([0.5, -1, 2]);
        layer.runningVar.data.set([2, 0.5, 1.5]);
        return { layer, x: randn(rng, 2 * 12), n: 2, training: false };
      },
    ],
    ['ELU', () => ({ layer: new Elu([2, 1, 10], F64), x: randn(rng, 40), n: 2 })],
    ['Square', () => ({ layer: new Square([2, 1, 10], F64), x: randn(rng, 40), n: 2 })],
    ['SafeLog', () => ({ layer: new SafeLog([2, 1, 10], F64), x: randn(rng, 40, 0.3, 1.5), n: 2 })],
    ['AvgPool2d', () => ({ layer: new AvgPool2d([2, 3, 17], [2, 4], [1, 3], F64), x: randn(rng, 2 * 102), n: 2 })],
    ['Linear', () => ({ layer: new Linear([2, 1, 6], 3, F64, rng), x: randn(rng, 3 * 12), n: 3 })],
  ];
  for (const [name, make] of cases) {
    it(name, () => {
      const { layer, x, n, training } = make();
      expect(checkLayer(layer, n, x, training ?? true, rng)).toBeLessThan(1e-6);
    });
  }

  it('Dropout: gradient is the same mask as the forward pass, and eval is identity', () => {
    const d = new Dropout([1, 1, 1000], F64, 0.5, new Rng(3));
    const x = randn(rng, 1000);
    const y = Float64Array.from(d.forward(x, 1, true));
    const kept = y.filter((v) => v !== 0).length;
    expect(kept).toBeGreaterThan(430);
    expect(kept).toBeLessThan(570);
    for (let i = 0; i < 1000; i++) if (y[i] !== 0) expect(y[i]).toBeCloseTo(2 * x[i], 12);
    const g = d.backward(new Float64Array(1000).fill(1), true);
    for (let i = 0; i < 1000; i++) expect(g[i]).toBe(y[i] === 0 ? 0 : 2);
    expect(d.forward(x, 1, false)).toBe(x);
  });

  it('softmax cross-entropy gradient', () => {
    const n = 3,
      k = 4;
    const logits = randn(rng, n * k);
    const labels = [0, 3, 1];
    const probs = new Float64Array(n * k);
    const d = new Float64Array(n * k);
    softmaxCrossEntropy(logits, labels, n, k, probs, d);
    for (let i = 0; i < n * k; i++) {
      const keep = logits[i];
      logits[i] = keep + 1e-6;
      const lp = softmaxCrossEntropy(logits, labels, n, k, probs, null).loss;
      logits[i] = keep - 1e-6;
      const lm = softmaxCrossEntropy(logits, labels, n, k, probs, null).loss;
      logits[i] = keep;
      expect(d[i]).toBeCloseTo((lp - lm) / 2e-6, 7);
    }
  });
});

describe('model gradients (float64, train mode, dropout off)', () => {
  const specs: Array<[string, { nChannels: number; nTimes: number; sfreq: number; nClasses: number; params?: Record<string, number> }]> = [
    ['EEGNet', { nChannels: 3, nTimes: 80, sfreq: 32, nClasses: 3 }],
    ['SCCNet', { nChannels: 3, nTimes: 40, sfreq: 30, nClasses: 2 }],
    ['ShallowConvNet', { nChannels: 3, nTimes: 60, sfreq: 40, nClasses: 2, params: { pool_len: 10, pool_stride: 5 } }],
  ];
  for (const [name, spec] of specs) {
    it(`${name}: parameters and input`, () => {
      const model = createModel(name, spec, { dropout: 0, ...spec.params }, { seed: 1, dtype: 'float64' });
      const rng = new Rng(11);
      const n = 3;
      const x = randn(rng, n * spec.nChannels * spec.nTimes);
      const labels = Array.from({ length: n }, (_, i) => i % spec.nClasses);
      const probs = new Float64Array(n * spec.nClasses);
      const dLogits = new Float64Array(n * spec.nClasses);
      const loss = (): number => softmaxCrossEntropy(model.forward(x, n, true), labels, n, spec.nClasses, probs, null).loss;
      model.zeroGrad();
      softmaxCrossEntropy(model.forward(x, n, true), labels, n, spec.nClasses, probs, dLogits);
      const dx = Float64Array.from(model.backward(dLogits, true));
      let worst = 0;
      const eps = 1e-5;
      const probe = (arr: Float64Array, analytic: ArrayLike<number>, count: number): void => {
        for (let s = 0; s < count; s++) {
          const i = rng.int(arr.length);
          const keep = arr[i];
          arr[i] = keep + eps;
          const lp = loss();
          arr[i] = keep - eps;
          const lm = loss();
          arr[i] = keep;
          const num = (lp - lm) / (2 * eps);
          worst = Math.max(worst, Math.abs(num - analytic[i]) / Math.max(1e-4, Math.abs(num) + Math.abs(analytic[i])));
        }
      };
      probe(x, dx, 20);
      for (const p of model.parameters()) probe(p.data as Float64Array, Float64Array.from(p.grad), 6);
      expect(worst).toBeLessThan(1e-5);
    });
  }
});

// Training runs with dropout on, in float32 through the SIMD mask kernel: the backward pass must use the masks the
// forward pass drew. A model built again with the same seed draws the same masks on its first forward pass, so the
// loss along the gradient direction (central difference) must equal the gradient's norm.
describe('model gradients with dropout on (train mode, float32 SIMD masks and float64)', () => {
  const specs: Array<[string, { nChannels: number; nTimes: number; sfreq: number; nClasses: number }, Record<string, number>]> = [
    ['EEGNet', { nChannels: 8, nTimes: 200, sfreq: 128, nClasses: 2 }, {}],
    ['SCCNet', { nChannels: 8, nTimes: 120, sfreq: 100, nClasses: 3 }, {}],
    ['ShallowConvNet', { nChannels: 8, nTimes: 120, sfreq: 100, nClasses: 2 }, { pool_len: 20, pool_stride: 5 }],
  ];
  for (const [name, spec, params] of specs) {
    for (const dtype of ['float32', 'float64'] as const) {
      it(`${name} ${dtype}: the directional derivative along the gradient is its norm`, () => {
        const Ctor = dtype === 'float32' ? Float32Array : Float64Array;
        const rng = new Rng(5);
        const n = 7; // not a multiple of 4: the scalar tail of the SIMD mask kernel runs too
        const x = new Ctor(n * spec.nChannels * spec.nTimes);
        for (let i = 0; i < x.length; i++) x[i] = rng.normal();
        const labels = Array.from({ length: n }, (_, i) => i % spec.nClasses);
        const k = spec.nClasses;
        const build = () => createModel(name, spec, { dropout: 0.5, ...params }, { seed: 3, dtype });
        const model = build();
        model.zeroGrad();
        const dLogits = new Float64Array(n * k);
        softmaxCrossEntropy(model.forward(x, n, true), labels, n, k, new Float64Array(n * k), dLogits);
        model.backward(dLogits, false);
        const grads = model.parameters().map((p) => Float64Array.from(p.grad));
        const norm = Math.sqrt(grads.reduce((s, g) => s + g.reduce((t, v) => t + v * v, 0), 0));
        const lossAlong = (step: number): number => {
          const m = build();
          m.parameters().forEach((p, j) => {
            for (let i = 0; i < p.data.length; i++) p.data[i] += (step * grads[j][i]) / norm;
          });
          return softmaxCrossEntropy(m.forward(x, n, true), labels, n, k, new Float64Array(n * k), null).loss;
        };
        const eps = 1e-3;
        const numeric = (lossAlong(eps) - lossAlong(-eps)) / (2 * eps);
        expect(norm).toBeGreaterThan(1e-3);
        expect(Math.abs(numeric / norm - 1)).toBeLessThan(dtype === 'float32' ? 2e-3 : 1e-5);
      });
    }
  }
});

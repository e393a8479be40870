// The SIMD matrix-product convolution (simdGemm.ts) that float32 Conv2d layers use: forward, weight gradient,
// bias gradient and input gradient agree with the float64 layer (the scalar loops) for the convolution shapes of
// EEGNet, SCCNet and ShallowConvNet, including padding, groups, tile remainders and batches of several samples.
import { describe, expect, it } from 'vitest';
import { Conv2d, type Conv2dOptions, type Shape3 } from '../../../src/core/training/layers';
import { Rng } from '../../../src/core/training/rng';
import { gemmAvailable } from '../../../src/core/training/simdGemm';

const maxAbs = (a: ArrayLike<number>): number => {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]));
  return m;
};
const maxDiff = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
};

const cases: Array<[string, Shape3, Conv2dOptions]> = [
  ['EEGNet temporal 1→8 × 33 taps', [1, 5, 70], { inChannels: 1, outChannels: 8, kernel: [1, 33] }],
  ['EEGNet depthwise (C,1), groups 8, D 2', [8, 5, 61], { inChannels: 8, outChannels: 16, kernel: [5, 1], groups: 8 }],
  ['EEGNet pointwise 16→16', [16, 1, 27], { inChannels: 16, outChannels: 16, kernel: [1, 1] }],
  ['SCCNet spatial 1→6 with bias', [1, 6, 50], { inChannels: 1, outChannels: 6, kernel: [6, 1], bias: true }],
  ['SCCNet temporal 6→5 × 9 taps, padded 4, bias', [6, 1, 50], { inChannels: 6, outChannels: 5, kernel: [1, 9], padding: [0, 4], bias: true }],
  ['ShallowConvNet spatial 7→7 × (4,1)', [7, 4, 43], { inChannels: 7, outChannels: 7, kernel: [4, 1] }],
  ['a 2-D kernel over rows and time, 3→6 × (2,3), padded 1', [3, 4, 21], { inChannels: 3, outChannels: 6, kernel: [2, 3], padding: [0, 1], bias: true }],
];

describe('SIMD matrix-product convolution', () => {
  it('is available in this Node (so float32 training takes it)', () => {
    expect(gemmAvailable()).toBe(true);
  });

  for (const [label, shape, o] of cases) {
    it(`${label}: float32 agrees with the float64 scalar loops`, () => {
      const n = 3;
      const f32 = new Conv2d(shape, o, Float32Array, new Rng(4));
      const f64 = new Conv2d(shape, o, Float64Array, new Rng(4));
      const rng = new Rng(11);
      const inLen = n * shape[0] * shape[1] * shape[2];
      const x64 = Float64Array.from({ length: inLen }, () => rng.normal());
      const x32 = Float32Array.from(x64);
      for (const p of f64.params) p.data.set(f32.params.find((q) => q.name === p.name)!.data);
      const y32 = f32.forward(x32, n, true);
      const y64 = f64.forward(x64, n, true);
      expect(y32.length).toBe(y64.length);
      expect(maxDiff(y32, y64)).toBeLessThan(1e-5 * maxAbs(y64));
      const dy64 = Float64Array.from({ length: y64.length }, () => rng.normal());
      // gradients accumulate: start from non-zero values
      for (const l of [f32, f64]) for (const p of l.params) p.grad.fill(0.25);
      const dx32 = f32.backward(Float32Array.from(dy64), true);
      const dx64 = f64.backward(dy64, true);
      expect(maxDiff(dx32, dx64)).toBeLessThan(1e-5 * maxAbs(dx64));
      for (const p of f64.params) {
        const q = f32.params.find((r) => r.name === p.name)!;
        expect(maxDiff(q.grad, p.grad)).toBeLessThan(1e-5 * maxAbs(p.grad));
      }
      // a second batch of another size reuses the staging area
      const y32b = f32.forward(x32.subarray(0, inLen / n), 1, true);
      const y64b = f64.forward(x64.subarray(0, inLen / n), 1, true);
      expect(maxDiff(y32b, y64b)).toBeLessThan(1e-5 * maxAbs(y64b));
    });
  }

  it('skips the input gradient when asked and still accumulates the weight gradient', () => {
    const shape: Shape3 = [1, 3, 40];
    const o: Conv2dOptions = { inChannels: 1, outChannels: 4, kernel: [1, 9] };
    const a = new Conv2d(shape, o, Float32Array, new Rng(2));
    const b = new Conv2d(shape, o, Float64Array, new Rng(2));
    b.weight.data.set(a.weight.data);
    const x = Float32Array.from({ length: 2 * 120 }, (_, i) => Math.sin(i));
    const dy = Float32Array.from({ length: 2 * 4 * 3 * 32 }, (_, i) => Math.cos(i));
    a.forward(x, 2, true);
    b.forward(Float64Array.from(x), 2, true);
    expect(a.backward(dy, false).length).toBe(0);
    b.backward(Float64Array.from(dy), false);
    expect(maxDiff(a.weight.grad, b.weight.grad)).toBeLessThan(1e-5 * maxAbs(b.weight.grad));
  });
});

// The convolution row kernels: the WebAssembly SIMD versions (assembled in simdConv.ts) agree with the JS kernels,
// which agree with the textbook double loop, over tile remainders and odd offsets.
import { describe, expect, it } from 'vitest';
import { corrAccumulate, corrWeightGrad } from '../../../src/core/training/rowConv';
import { Rng } from '../../../src/core/training/rng';
import { corrAccumulateSimd, corrWeightGradSimd, simdAvailable } from '../../../src/core/training/simdConv';

const rng = new Rng(9);
const randn = (n: number): Float32Array => Float32Array.from({ length: n }, () => rng.normal());
const maxDiff = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
};

describe('row correlation kernels', () => {
  it('WebAssembly SIMD is available in this Node (so the fast path is what the other tests exercise)', () => {
    expect(simdAvailable()).toBe(true);
  });

  for (const [len, kw] of [
    [876, 125],
    [37, 9],
    [13, 8],
    [5, 12],
    [64, 31],
    [9, 3],
  ]) {
    it(`forward and weight gradient agree with the reference loops (len ${len}, ${kw} taps)`, () => {
      const x = randn(len + kw + 6);
      const w = randn(kw + 3);
      const dy = randn(len + 2);
      const ref = Float64Array.from({ length: len + 4 }, () => 0.5);
      for (let i = 0; i < len; i++) for (let k = 0; k < kw; k++) ref[2 + i] += w[1 + k] * x[3 + i + k];
      const js = new Float32Array(len + 4).fill(0.5);
      corrAccumulate(js, 2, len, x, 3, w, 1, kw);
      const simd = new Float32Array(len + 4).fill(0.5);
      expect(corrAccumulateSimd(simd, 2, len, x, 3, w, 1, kw)).toBe(true);
      const scale = Math.sqrt(kw);
      expect(maxDiff(js, ref)).toBeLessThan(1e-6 * scale);
      expect(maxDiff(simd, ref)).toBeLessThan(1e-5 * scale);

      const gref = Float64Array.from({ length: kw + 4 }, () => 0.25);
      for (let k = 0; k < kw; k++) for (let i = 0; i < len; i++) gref[2 + k] += dy[1 + i] * x[3 + i + k];
      const gjs = new Float32Array(kw + 4).fill(0.25);
      corrWeightGrad(gjs, 2, kw, dy, 1, len, x, 3);
      const gsimd = new Float32Array(kw + 4).fill(0.25);
      expect(corrWeightGradSimd(gsimd, 2, kw, dy, 1, len, x, 3)).toBe(true);
      const gscale = Math.sqrt(len);
      expect(maxDiff(gjs, gref)).toBeLessThan(1e-6 * gscale);
      expect(maxDiff(gsimd, gref)).toBeLessThan(1e-5 * gscale);
      // Untouched borders stay untouched.
      expect([simd[0], simd[1], simd[len + 2], simd[len + 3]]).toEqual([0.5, 0.5, 0.5, 0.5]);
      expect([gsimd[0], gsimd[1], gsimd[kw + 2], gsimd[kw + 3]]).toEqual([0.25, 0.25, 0.25, 0.25]);
    });
  }
});

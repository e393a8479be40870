// Float32 Dropout through the WebAssembly SIMD kernels (simdDropout.ts) draws the same masks as the scalar generator
// (Rng.next), element by element, for lengths with and without a remainder of 4 and several probabilities; the
// products of forward and backward are exact, and the stream ends where next() would leave it.
import { describe, expect, it } from 'vitest';
import { Dropout } from '../../../src/core/training/layers';
import { Rng } from '../../../src/core/training/rng';
import { dropoutSimdAvailable } from '../../../src/core/training/simdDropout';

describe('SIMD dropout', () => {
  it('is available in this Node (so float32 Dropout takes it)', () => {
    expect(dropoutSimdAvailable()).toBe(true);
  });

  for (const [p, width] of [
    [0.5, 1000],
    [0.25, 1003],
    [0.9, 7],
    [0.123, 2],
  ] as const) {
    it(`p ${p}, ${width} per sample: masks are next() < keep, products exact, the stream continues as next()'s`, () => {
      const n = 3;
      const len = n * 2 * width;
      const seed = 7;
      const layer = new Dropout([2, 1, width], Float32Array, p, new Rng(seed));
      const ref = new Rng(seed);
      const keep = 1 - p;
      const value = Math.fround(1 / keep);
      const x = Float32Array.from({ length: len }, (_, i) => Math.sin(i) * 3);
      for (let call = 0; call < 2; call++) {
        const y = layer.forward(x, n, true);
        const mask = Float32Array.from({ length: len }, () => (ref.next() < keep ? value : 0));
        for (let i = 0; i < len; i++) expect(y[i], `call ${call}, element ${i}`).toBe(Math.fround(x[i] * mask[i]));
        const dy = Float32Array.from({ length: len }, (_, i) => Math.cos(i));
        const dx = layer.backward(dy, true);
        for (let i = 0; i < len; i++) expect(dx[i], `call ${call}, element ${i}`).toBe(Math.fround(dy[i] * mask[i]));
      }
      const kept = layer.forward(x, n, true).filter((v, i) => v !== 0 || x[i] === 0).length / len;
      if (len > 1000) expect(Math.abs(kept - keep)).toBeLessThan(0.05);
    });
  }
});

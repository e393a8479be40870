// Float32 Dropout and Square through the WebAssembly SIMD kernels (simdElementwise.ts). Dropout draws the same masks
// as the scalar generator (Rng.next), element by element, for lengths with and without a remainder of 4 and several
// probabilities; the products of forward and backward are exact, the stream ends where next() would leave it; Square
// rounds x² and 2x·dy as the JS loops do.
import { describe, expect, it } from 'vitest';
import { Dropout, Square } from '../../../src/core/training/layers';
import { Rng } from '../../../src/core/training/rng';
import { elementwiseSimdAvailable } from '../../../src/core/training/simdElementwise';

describe('SIMD dropout', () => {
  it('is available in this Node (so float32 Dropout takes it)', () => {
    expect(elementwiseSimdAvailable()).toBe(true);
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

describe('SIMD Square', () => {
  it('forward x² and backward 2x·dy equal the float64 expressions rounded once, with a remainder of 4', () => {
    const shape = [3, 1, 1001] as const;
    const sq = new Square([...shape], Float32Array);
    const n = 2;
    const len = n * 3 * 1001;
    const x = Float32Array.from({ length: len }, (_, i) => Math.sin(i) * 40);
    const dy = Float32Array.from({ length: len }, (_, i) => Math.cos(i * 1.3) * 1e-3);
    const y = sq.forward(x, n);
    for (let i = 0; i < len; i++) expect(y[i], `y[${i}]`).toBe(Math.fround(x[i] * x[i]));
    const dx = sq.backward(dy, true);
    for (let i = 0; i < len; i++) expect(dx[i], `dx[${i}]`).toBe(Math.fround(2 * x[i] * dy[i]));
  });
});

// AvgPool2d's running-sum path (windows of 16 or more, as SCCNet's and ShallowConvNet's), which sums four rows side
// by side: forward equals the window means and backward spreads each output gradient over its window, for row counts
// with and without a remainder of 4, and a forward after a backward (the running-sum buffer is shared) is unchanged.
import { describe, expect, it } from 'vitest';
import { AvgPool2d, type Shape3 } from '../../../src/core/training/layers';

describe('AvgPool2d, long windows', () => {
  for (const [shape, n] of [
    [[3, 1, 60], 2],
    [[4, 2, 41], 1],
    [[1, 1, 80], 1],
  ] as Array<[Shape3, number]>) {
    it(`${shape.join('×')} × ${n}, window 1×17 stride 5`, () => {
      const pool = new AvgPool2d(shape, [1, 17], [1, 5], Float64Array);
      const [c, h, w] = shape;
      const outW = pool.outShape[2];
      const rows = n * c * h;
      const x = Float64Array.from({ length: rows * w }, (_, i) => Math.sin(i * 0.7) + (i % 5));
      const want = new Float64Array(rows * outW);
      for (let r = 0; r < rows; r++)
        for (let o = 0; o < outW; o++) {
          let s = 0;
          for (let k = 0; k < 17; k++) s += x[r * w + o * 5 + k];
          want[r * outW + o] = s / 17;
        }
      const y1 = Array.from(pool.forward(x, n));
      y1.forEach((v, i) => expect(v).toBeCloseTo(want[i], 12));
      const dy = Float64Array.from({ length: rows * outW }, (_, i) => Math.cos(i));
      const dx = pool.backward(dy, true);
      for (let r = 0; r < rows; r++)
        for (let i = 0; i < w; i++) {
          let g = 0;
          for (let o = 0; o < outW; o++) if (i >= o * 5 && i < o * 5 + 17) g += dy[r * outW + o] / 17;
          expect(dx[r * w + i]).toBeCloseTo(g, 12);
        }
      expect(Array.from(pool.forward(x, n))).toEqual(y1);
    });
  }
});

// Rng.fillBernoulli (dropout masks) draws exactly what next() would, so masks do not depend on how they are drawn.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/training/rng';

describe('Rng.fillBernoulli', () => {
  for (const keep of [0.5, 0.75, 0.123]) {
    it(`equals next() < keep ? value : 0, element by element, and leaves the stream where next() would (keep ${keep})`, () => {
      const a = new Rng(42);
      const b = new Rng(42);
      const value = 1 / keep;
      const mask = new Float32Array(1001);
      a.fillBernoulli(mask, mask.length, keep, value);
      const ref = Float32Array.from({ length: mask.length }, () => (b.next() < keep ? value : 0));
      expect(Array.from(mask)).toEqual(Array.from(ref));
      const kept = mask.filter((m) => m !== 0).length / mask.length;
      expect(Math.abs(kept - keep)).toBeLessThan(0.06);
      expect(a.next()).toBe(b.next());
    });
  }
});

import { describe, expect, it } from 'vitest';
import { meanStd, mulberry32 } from '../../../src/core/signal/numeric';
import { NORMALIZE_EPS, normalizeSegment } from '../../../src/core/signal/normalize';
import { rng } from '../../../src/core/io/simulate';

describe('mulberry32: the one seeded generator of the simulator, the dataset split and the protocols', () => {
  it('draws the reference sequence (the plain 32-bit mulberry32, seed used as given)', () => {
    const draws = (seed: number) => {
      const r = mulberry32(seed);
      return [r(), r(), r()];
    };
    expect(draws(0)).toEqual([0.26642920868471265, 0.0003297457005828619, 0.2232720274478197]);
    expect(draws(42)).toEqual([0.6011037519201636, 0.44829055899754167, 0.8524657934904099]);
    // the seed is taken modulo 2^32
    expect(draws(2 ** 32 + 42)).toEqual(draws(42));
    expect(draws(-1)).toEqual([0.8964226141106337, 0.189478256739676, 0.7156526781618595]);
    expect(rng).toBe(mulberry32);
  });
});

describe('meanStd: the one two-pass mean and population SD, which z-score normalisation uses', () => {
  it('normalizeSegment z-scores a segment with meanStd, bit for bit, and leaves the rest alone', () => {
    const r = mulberry32(7);
    const x = Float64Array.from({ length: 500 }, () => 1e-5 * (r() - 0.3));
    const out = new Float64Array(500).fill(-9);
    normalizeSegment(x, out, 100, 300, 'z-score');
    // the two passes written out: sum, mean, sum of squared deviations, / n (ddof 0)
    let sum = 0;
    for (let i = 100; i < 400; i++) sum += x[i];
    const mean = sum / 300;
    let v = 0;
    for (let i = 100; i < 400; i++) v += (x[i] - mean) ** 2;
    expect(meanStd(x, 100, 300)).toEqual({ mean, std: Math.sqrt(v / 300) });
    const inv = 1 / (Math.sqrt(v / 300) + NORMALIZE_EPS);
    for (let i = 100; i < 400; i++) expect(out[i]).toBe((x[i] - mean) * inv);
    expect(out[99]).toBe(-9);
    expect(out[400]).toBe(-9);
  });
});

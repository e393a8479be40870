import { describe, expect, it } from 'vitest';
import { averageRanks, normalSf, signedRankDistribution, wilcoxonSignedRank } from '../../../src/core/evaluation/wilcoxon';
import { XBrainError } from '../../../src/core/errors';

/*
 * Expected values from scipy 1.10.1 (Debian /usr/bin/python3), default two-sided wilcoxon with the method XBrain
 * picks (exact for n ≤ 50 without zeros or ties, else approx):
 *
 *   import numpy as np; from scipy.stats import wilcoxon, rankdata
 *   a, b = np.array(A), np.array(B); d = a - b
 *   nz = (d != 0).sum(); _, cnt = np.unique(np.abs(d[d != 0]), return_counts=True)
 *   m = 'exact' if (nz <= 50 and nz == len(d) and not (cnt > 1).any()) else 'approx'
 *   r = wilcoxon(a, b, method=m); z = wilcoxon(a, b, method='approx').zstatistic
 *   dd = d[d != 0]; rk = rankdata(np.abs(dd)); rp, rm = rk[dd > 0].sum(), rk[dd < 0].sum()
 *   print(r.statistic, r.pvalue, z, rp, (rp - rm) / (rp + rm))
 */
const CASES = [
  {
    name: 'exact, n = 8, one negative difference',
    a: [0.71, 0.65, 0.8, 0.59, 0.77, 0.68, 0.9, 0.62],
    b: [0.66, 0.61, 0.7, 0.6, 0.72, 0.59, 0.81, 0.55],
    method: 'exact',
    statistic: 1.0,
    p: 0.015625,
    z: -2.3804761428476167,
    rPlus: 35.0,
    rankBiserial: 0.9444444444444444,
  },
  {
    name: 'exact, n = 5, mixed signs',
    a: [0.5, 0.7, 0.62, 0.81, 0.44],
    b: [0.55, 0.6, 0.71, 0.7, 0.4],
    method: 'exact',
    statistic: 5.0,
    p: 0.625,
    z: -0.674199862463242,
    rPlus: 10.0,
    rankBiserial: 0.3333333333333333,
  },
  {
    name: 'exact, n = 12',
    a: [0.513, 0.5199, 0.6158, 0.6297, 0.6146, 0.7565, 0.7635, 0.7824, 0.8883, 0.8952, 0.8981, 0.989],
    b: [0.5, 0.5409, 0.5818, 0.6227, 0.6636, 0.7045, 0.7455, 0.7864, 0.8273, 0.8682, 0.9091, 0.95],
    method: 'exact',
    statistic: 20.0,
    p: 0.1513671875,
    z: -1.4904826270501987,
    rPlus: 58.0,
    rankBiserial: 0.48717948717948717,
  },
  {
    name: 'approx, a zero difference and tied |d|',
    a: [0.6, 0.7, 0.7, 0.8, 0.5, 0.9, 0.65, 0.75, 0.55, 0.85, 0.6],
    b: [0.5, 0.6, 0.7, 0.7, 0.6, 0.8, 0.55, 0.65, 0.6, 0.8, 0.7],
    method: 'approx',
    statistic: 13.5,
    p: 0.13808610252022196,
    z: -1.482955995730653,
    rPlus: 41.5,
    rankBiserial: 0.509090909090909,
  },
  {
    // a = round(sin(i)·0.1 + 0.7, 6), b = round(cos(1.3 i)·0.1 + 0.68, 6), i = 0 … 59
    name: 'approx, n = 60 (> 50)',
    a: [
      0.7, 0.784147, 0.79093, 0.714112, 0.62432, 0.604108, 0.672058, 0.765699, 0.798936, 0.741212, 0.645598, 0.600001, 0.646343, 0.742017, 0.799061, 0.765029,
      0.67121, 0.60386, 0.624901, 0.714988, 0.791295, 0.783666, 0.699115, 0.615378, 0.609442, 0.686765, 0.776256, 0.795638, 0.727091, 0.633637, 0.601197,
      0.659596, 0.755143, 0.799991, 0.752908, 0.657182, 0.600822, 0.635646, 0.729637, 0.79638, 0.774511, 0.684138, 0.608348, 0.616823, 0.70177, 0.78509,
      0.790179, 0.712357, 0.623175, 0.604625, 0.673763, 0.767023, 0.798663, 0.739593, 0.644121, 0.600024, 0.647845, 0.743616, 0.799287, 0.763674,
    ],
    b: [
      0.78, 0.70675, 0.594311, 0.607407, 0.726852, 0.777659, 0.685396, 0.585228, 0.623902, 0.74476, 0.770745, 0.663789, 0.580582, 0.643023, 0.759635, 0.759581,
      0.642941, 0.580592, 0.663876, 0.770782, 0.744692, 0.623828, 0.585256, 0.685484, 0.777678, 0.726773, 0.607346, 0.594357, 0.706835, 0.78, 0.706664,
      0.594265, 0.607468, 0.72693, 0.77764, 0.685307, 0.5852, 0.623975, 0.744827, 0.770707, 0.663701, 0.580573, 0.643106, 0.759689, 0.759528, 0.642858,
      0.580602, 0.663964, 0.770819, 0.744624, 0.623755, 0.585285, 0.685573, 0.777697, 0.726695, 0.607285, 0.594403, 0.706921, 0.78, 0.706579,
    ],
    method: 'approx',
    statistic: 704.0,
    p: 0.12035190213847893,
    z: -1.5532982333431935,
    rPlus: 1126.0,
    rankBiserial: 0.23060109289617486,
  },
] as const;

describe('Wilcoxon signed-rank test (scipy.stats.wilcoxon, two-sided)', () => {
  for (const c of CASES) {
    it(`${c.name}: statistic, p, z and effect sizes match scipy`, () => {
      const r = wilcoxonSignedRank(c.a, c.b);
      expect(r.method).toBe(c.method);
      expect(r.statistic).toBeCloseTo(c.statistic, 12);
      expect(r.rPlus).toBeCloseTo(c.rPlus, 12);
      expect(r.p).toBeCloseTo(c.p, 12);
      expect(r.z).toBeCloseTo(c.z, 12);
      expect(r.rankBiserial).toBeCloseTo(c.rankBiserial, 12);
      expect(r.r).toBeCloseTo(Math.abs(c.z) / Math.sqrt(r.n), 12);
    });
  }

  it('is symmetric: swapping the samples keeps p and flips the effect sign', () => {
    const c = CASES[2];
    const f = wilcoxonSignedRank(c.a, c.b);
    const g = wilcoxonSignedRank(c.b, c.a);
    expect(g.p).toBe(f.p);
    expect(g.rankBiserial).toBeCloseTo(-f.rankBiserial, 14);
    expect(g.medianDifference).toBeCloseTo(-f.medianDifference, 14);
  });

  it('drops zero differences and counts them', () => {
    const r = wilcoxonSignedRank(CASES[3].a, CASES[3].b);
    expect(r.zeros).toBe(1);
    expect(r.n).toBe(10);
  });

  it('the exact null distribution sums to 1 and is symmetric; ranks average ties', () => {
    const pmf = signedRankDistribution(10);
    expect(pmf.length).toBe(56);
    expect(pmf.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 14);
    for (let i = 0; i < pmf.length; i++) expect(pmf[i]).toBeCloseTo(pmf[pmf.length - 1 - i], 15);
    expect(Array.from(averageRanks([3, 1, 3, 2]))).toEqual([3.5, 1, 3.5, 2]);
    // scipy.stats.norm.sf(1.96), norm.sf(4.5), norm.sf(-0.3)
    expect(normalSf(1.96)).toBeCloseTo(0.024997895148220435, 14);
    expect(normalSf(4.5) / 3.3976731247300535e-6).toBeCloseTo(1, 12);
    expect(normalSf(-0.3)).toBeCloseTo(0.6179114221889526, 14);
  });

  it('refuses unequal lengths, non-finite values and all-zero differences with a typed error', () => {
    expect(() => wilcoxonSignedRank([1, 2], [1])).toThrow(XBrainError);
    expect(() => wilcoxonSignedRank([1, NaN], [1, 2])).toThrow(/pair 2/);
    expect(() => wilcoxonSignedRank([0.5, 0.6], [0.5, 0.6])).toThrow(/zero/);
  });
});

import { describe, expect, it } from 'vitest';
import { fitCspLda, cspLdaScores, generalizedEigen, subset } from '../../../src/core/evaluation/cspLda';
import { classificationReport } from '../../../src/core/evaluation/metrics';
import { gauss, rng } from './trainedStudy';

/** Class c drives source c (a random spatial pattern) with 3× the amplitude; other sources and sensor noise are shared. */
function mixtureEpochs(n: number, C: number, T: number, classes: number, seed: number) {
  const r = rng(seed);
  const nSrc = C;
  const A = Array.from({ length: C }, () => Array.from({ length: nSrc }, () => gauss(r)));
  const data = new Float32Array(n * C * T);
  const labels = new Int32Array(n);
  const src = new Float64Array(nSrc);
  for (let e = 0; e < n; e++) {
    labels[e] = e % classes;
    for (let t = 0; t < T; t++) {
      for (let s = 0; s < nSrc; s++) src[s] = gauss(r) * (s === labels[e] ? 3 : 1);
      for (let c = 0; c < C; c++) {
        let v = 0.3 * gauss(r);
        for (let s = 0; s < nSrc; s++) v += A[c][s] * src[s];
        data[(e * C + c) * T + t] = v * 1e-5;
      }
    }
  }
  return { data, labels, C, T };
}

describe('CSP + LDA (mathjs linear algebra)', () => {
  it('generalized eigenpairs satisfy A w = λ B w with λ ordered in [0, 1] for (C0, C0 + C1)', () => {
    const r = rng(3);
    const spd = (d: number): number[][] => {
      const X = Array.from({ length: d }, () => Array.from({ length: 3 * d }, () => gauss(r)));
      return X.map((a) => X.map((b) => a.reduce((s, v, i) => s + v * b[i], 0) / (3 * d)));
    };
    const C0 = spd(6);
    const C1 = spd(6);
    const B = C0.map((row, i) => row.map((v, j) => v + C1[i][j]));
    const pairs = generalizedEigen(C0, B);
    expect(pairs).toHaveLength(6);
    for (const { value, vector } of pairs) {
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThan(1);
      for (let i = 0; i < 6; i++) {
        const lhs = C0[i].reduce((s, v, j) => s + v * vector[j], 0);
        const rhs = value * B[i].reduce((s, v, j) => s + v * vector[j], 0);
        expect(Math.abs(lhs - rhs)).toBeLessThan(1e-9);
      }
    }
  });

  it('separates two classes with a known discriminative spatial pattern on held-out epochs', () => {
    const { data, labels, C, T } = mixtureEpochs(80, 8, 100, 2, 11);
    const trainIdx = Array.from({ length: 60 }, (_, i) => i);
    const testIdx = Array.from({ length: 20 }, (_, i) => 60 + i);
    const model = fitCspLda(
      subset(data, C, T, trainIdx),
      trainIdx.map((i) => labels[i]),
    );
    expect(model.nFilters).toBe(4);
    // the most discriminative filters are far from 0.5
    expect(Math.abs(model.eigenvalues[0] - 0.5)).toBeGreaterThan(0.3);
    const scores = cspLdaScores(model, subset(data, C, T, testIdx));
    const rep = classificationReport(
      testIdx.map((i) => labels[i]),
      scores,
      ['a', 'b'],
    );
    expect(rep.accuracy).toBeGreaterThanOrEqual(0.95);
    // and fails (≈ chance) when labels carry no spatial information
    const shuffled = trainIdx.map((i) => labels[(i * 7 + 3) % 60]);
    const m2 = fitCspLda(subset(data, C, T, trainIdx), shuffled);
    const r2 = classificationReport(
      testIdx.map((i) => labels[i]),
      cspLdaScores(m2, subset(data, C, T, testIdx)),
      ['a', 'b'],
    );
    expect(r2.accuracy).toBeLessThan(0.9);
  });

  it('three classes (one-vs-rest CSP) beat chance clearly', () => {
    const { data, labels, C, T } = mixtureEpochs(90, 8, 100, 3, 5);
    const trainIdx = Array.from({ length: 60 }, (_, i) => i);
    const testIdx = Array.from({ length: 30 }, (_, i) => 60 + i);
    const model = fitCspLda(
      subset(data, C, T, trainIdx),
      trainIdx.map((i) => labels[i]),
    );
    expect(model.classes).toEqual([0, 1, 2]);
    const rep = classificationReport(
      testIdx.map((i) => labels[i]),
      cspLdaScores(model, subset(data, C, T, testIdx)),
      ['a', 'b', 'c'],
    );
    expect(rep.accuracy).toBeGreaterThan(0.8);
  });

  it('refuses a single-class training set with a typed error', () => {
    const { data, C, T } = mixtureEpochs(10, 4, 20, 2, 1);
    expect(() => fitCspLda({ data, n: 10, nChannels: C, nTimes: T }, new Int32Array(10))).toThrow(/two classes/);
  });
});

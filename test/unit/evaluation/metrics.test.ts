import { describe, expect, it } from 'vitest';
import {
  classificationReport,
  binomialChanceThreshold,
  binomialTest,
  formatPValue,
  meanSd,
  significanceText,
  summarizeReports,
  cohenKappa,
} from '../../../src/core/evaluation/metrics';

/** one-hot-ish probabilities that predict `pred` */
const probsFor = (pred: number[], k: number): Float64Array => {
  const p = new Float64Array(pred.length * k).fill(0.1 / (k - 1));
  pred.forEach((c, i) => (p[i * k + c] = 0.9));
  return p;
};

describe('classification metrics (sklearn definitions)', () => {
  it('hand-checked 3-class case', () => {
    const y = [0, 0, 0, 1, 1, 2];
    const pred = [0, 0, 1, 1, 1, 0];
    const r = classificationReport(y, probsFor(pred, 3), ['L', 'R', 'F'], { scoresAreProbabilities: true });
    expect(r.confusion).toEqual([
      [2, 1, 0],
      [0, 2, 0],
      [1, 0, 0],
    ]);
    expect(r.accuracy).toBeCloseTo(4 / 6, 12);
    expect(r.balancedAccuracy).toBeCloseTo(5 / 9, 12);
    expect(r.kappa).toBeCloseTo(3 / 7, 12);
    expect(r.macroF1).toBeCloseTo((2 / 3 + 0.8 + 0) / 3, 12);
    expect(r.perClass.map((c) => c.support)).toEqual([3, 2, 1]);
    expect(r.perClass[0].precision).toBeCloseTo(2 / 3, 12);
    expect(r.perClass[2]).toMatchObject({ precision: 0, recall: 0, f1: 0 });
    expect(r.chance.uniform).toBeCloseTo(1 / 3, 12);
    expect(r.chance.majority).toBeCloseTo(0.5, 12);
  });

  it('binary AUC uses p(class 1) (sklearn example = 0.75)', () => {
    const p1 = [0.1, 0.4, 0.35, 0.8];
    const probs = p1.flatMap((p) => [1 - p, p]);
    const r = classificationReport([0, 0, 1, 1], probs, ['a', 'b'], { scoresAreProbabilities: true });
    expect(r.auc).toBeCloseTo(0.75, 12);
  });

  it('kappa is 0, not NaN, when expected agreement is 1 (XBrainLab fix)', () => {
    expect(
      cohenKappa([
        [5, 0],
        [0, 0],
      ]),
    ).toBe(0);
    const r = classificationReport([0, 0, 0], probsFor([0, 0, 0], 2), ['a', 'b'], { scoresAreProbabilities: true });
    expect(r.kappa).toBe(0);
    expect(r.auc).toBe(0); // undefined with one class: 0 as XBrainLab reports
  });

  it('cross-checks random 4-class logits against independent formulas', () => {
    let s = 12345;
    const rnd = (): number => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
    const n = 240;
    const k = 4;
    const y = Array.from({ length: n }, () => Math.floor(rnd() * k));
    const logits = new Float64Array(n * k);
    for (let i = 0; i < n; i++) for (let c = 0; c < k; c++) logits[i * k + c] = rnd() * 2 + (c === y[i] ? 0.8 : 0);
    const r = classificationReport(y, logits, ['a', 'b', 'c', 'd']);
    // predictions: argmax of logits (softmax is monotone)
    const pred = y.map((_, i) => {
      let b = 0;
      for (let c = 1; c < k; c++) if (logits[i * k + c] > logits[i * k + b]) b = c;
      return b;
    });
    expect(r.accuracy).toBeCloseTo(pred.filter((p, i) => p === y[i]).length / n, 12);
    // sklearn cohen_kappa_score: 1 - sum(W∘C) / sum(W∘E), W = 1 - I, E = outer(row sums, col sums) / n
    const C = r.confusion;
    const rows = C.map((row) => row.reduce((a, v) => a + v, 0));
    const cols = C[0].map((_, j) => C.reduce((a, row) => a + row[j], 0));
    let wc = 0;
    let we = 0;
    for (let i = 0; i < k; i++)
      for (let j = 0; j < k; j++)
        if (i !== j) {
          wc += C[i][j];
          we += (rows[i] * cols[j]) / n;
        }
    expect(r.kappa).toBeCloseTo(1 - wc / we, 12);
    // macro F1 from TP/FP/FN: F1 = 2TP / (2TP + FP + FN)
    let f1 = 0;
    for (let c = 0; c < k; c++) {
      const tp = y.filter((t, i) => t === c && pred[i] === c).length;
      const fp = y.filter((t, i) => t !== c && pred[i] === c).length;
      const fn = y.filter((t, i) => t === c && pred[i] !== c).length;
      f1 += (2 * tp) / (2 * tp + fp + fn);
      expect(r.perClass[c].f1).toBeCloseTo((2 * tp) / (2 * tp + fp + fn), 12);
    }
    expect(r.macroF1).toBeCloseTo(f1 / k, 12);
    // OvR AUC by brute-force pair counting on softmax probabilities
    const probs = Array.from({ length: n }, (_, i) => {
      const e = Array.from({ length: k }, (_, c) => Math.exp(logits[i * k + c]));
      const z = e.reduce((a, v) => a + v, 0);
      return e.map((v) => v / z);
    });
    let aucSum = 0;
    for (let c = 0; c < k; c++) {
      let wins = 0;
      let pairs = 0;
      for (let i = 0; i < n; i++)
        if (y[i] === c)
          for (let j = 0; j < n; j++)
            if (y[j] !== c) {
              pairs++;
              wins += probs[i][c] > probs[j][c] ? 1 : probs[i][c] === probs[j][c] ? 0.5 : 0;
            }
      expect(r.perClass[c].auc).toBeCloseTo(wins / pairs, 10);
      aucSum += wins / pairs;
    }
    expect(r.auc).toBeCloseTo(aucSum / k, 10);
    expect(r.balancedAccuracy).toBeCloseTo(r.perClass.reduce((a, c) => a + c.recall, 0) / k, 12);
  });

  it('binomial chance threshold matches an independent tail sum (n = 100, p = 0.5 → 0.59)', () => {
    expect(binomialChanceThreshold(100, 0.5)).toBeCloseTo(0.59, 12);
    // independent: pmf recurrence for n = 40, p = 0.25
    const n = 40;
    const p = 0.25;
    const pmf = [Math.pow(1 - p, n)];
    for (let k = 1; k <= n; k++) pmf.push((pmf[k - 1] * (n - k + 1) * p) / (k * (1 - p)));
    let k = n;
    let tail = pmf[n];
    while (tail + pmf[k - 1] < 0.05) {
      k--;
      tail += pmf[k];
    }
    expect(binomialChanceThreshold(n, p)).toBeCloseTo(k / n, 12);
  });

  it('mean ± SD (ddof 1) over repeats', () => {
    expect(meanSd([0.5, 0.7, 0.9])).toEqual({ mean: expect.closeTo(0.7, 12), sd: expect.closeTo(0.2, 12), n: 3 });
    expect(meanSd([0.8])).toEqual({ mean: 0.8, sd: 0, n: 1 });
    const a = classificationReport([0, 1], probsFor([0, 1], 2), ['a', 'b'], { scoresAreProbabilities: true });
    const b = classificationReport([0, 1], probsFor([1, 1], 2), ['a', 'b'], { scoresAreProbabilities: true });
    const s = summarizeReports([a, b]);
    expect(s.accuracy.mean).toBeCloseTo(0.75, 12);
    expect(s.accuracy.sd).toBeCloseTo(Math.SQRT1_2 * 0.5, 12);
  });
});

describe('the binomial test and its p-value as every answer states it', () => {
  it('two significant digits, powers of ten below 0.001, and an underflowed tail said as such', () => {
    // scipy: binom.sf(32, 50, 0.5) = 0.016419…, binom.sf(37, 120, 0.25) = 0.059554…
    expect(formatPValue(0.016419568782134242)).toBe('0.016');
    expect(formatPValue(0.05955482181034315)).toBe('0.060');
    expect(formatPValue(0.0625)).toBe('0.063');
    expect(formatPValue(0.001)).toBe('0.0010');
    expect(formatPValue(0.000123)).toBe('1.2 × 10^-4');
    expect(formatPValue(3.21e-5)).toBe('3.2 × 10^-5');
    expect(formatPValue(6.701717790006182e-162)).toBe('6.7 × 10^-162');
    expect(formatPValue(0)).toBe('< 10^-300');
  });

  it('binomialTest: p, the verdict at 0.05 and the smallest significant count, as evaluate counts them', () => {
    const t = binomialTest(33, 50, 0.5);
    expect(t.p).toBeCloseTo(0.016419568782134242, 12);
    expect(t.significant).toBe(true);
    expect(t.need).toBe(32);
    expect(binomialTest(38, 120, 0.25)).toMatchObject({ significant: false, need: 39 });
    // 4 trials of 2 classes: even 4 of 4 has p = 0.0625, and evaluate says so in the same format
    const all = binomialTest(4, 4, 0.5);
    expect(all.p).toBeCloseTo(0.0625, 12);
    expect(all).toMatchObject({ significant: false, need: null });
    expect(significanceText({ uniform: 0.5, majority: 0.5, significant: null }, 4, 2)).toMatch(/even all correct has p = 0\.063\)/);
  });
});

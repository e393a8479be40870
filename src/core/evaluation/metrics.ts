/**
 * Classification metrics with sklearn's definitions (XBrainLab's record/eval.py uses sklearn): accuracy in 0–1,
 * balanced accuracy (mean recall over classes present in y_true), Cohen's kappa from the confusion matrix (0 when
 * the expected agreement is 1, XBrainLab's division-by-zero fix), macro-F1 over the classes present in y_true or
 * y_pred (zero_division = 0), per-class precision/recall/F1/support, ROC AUC on softmax outputs (binary: p(class 1);
 * multiclass: one-vs-rest mean; 0 when undefined, as XBrainLab), the confusion matrix (rows true, columns predicted)
 * and chance levels.
 */
import { binaryAuc, rocAuc } from '../training/rocAuc';

export interface ClassFigures {
  class: string;
  precision: number;
  recall: number;
  f1: number;
  support: number;
  /** one-vs-rest AUC of this class (NaN when the class is absent or alone) */
  auc: number;
}

export interface ChanceLevel {
  /** 1 / number of classes */
  uniform: number;
  /** share of the most frequent true class (what always guessing it scores) */
  majority: number;
  /**
   * accuracy needed to beat chance at p < 0.05 for this many trials (binomial, Combrisson & Jerbi 2015): the smallest
   * k/n with P(X ≥ k) < 0.05 under X ~ Binomial(n, 1/K); null when even n/n correct is not significant (the test
   * set is too small for any accuracy to show anything)
   */
  significant: number | null;
}

export interface ClassificationReport {
  n: number;
  classes: string[];
  accuracy: number;
  balancedAccuracy: number;
  kappa: number;
  macroF1: number;
  auc: number;
  confusion: number[][];
  perClass: ClassFigures[];
  chance: ChanceLevel;
}

/** Row-wise argmax of an n × k matrix (first maximum wins, as numpy). */
export function argmaxRows(scores: ArrayLike<number>, k: number): Int32Array {
  const n = Math.floor(scores.length / k);
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    let best = 0;
    for (let c = 1; c < k; c++) if (scores[i * k + c] > scores[i * k + best]) best = c;
    out[i] = best;
  }
  return out;
}

/** Row-wise softmax (numerically stable) of n × k logits. */
export function softmaxRows(logits: ArrayLike<number>, k: number): Float64Array {
  const n = Math.floor(logits.length / k);
  const out = new Float64Array(n * k);
  for (let i = 0; i < n; i++) {
    let m = -Infinity;
    for (let c = 0; c < k; c++) m = Math.max(m, logits[i * k + c]);
    let s = 0;
    for (let c = 0; c < k; c++) s += out[i * k + c] = Math.exp(logits[i * k + c] - m);
    for (let c = 0; c < k; c++) out[i * k + c] /= s;
  }
  return out;
}

export function confusionMatrix(yTrue: ArrayLike<number>, yPred: ArrayLike<number>, k: number): number[][] {
  const m = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let i = 0; i < yTrue.length; i++) m[yTrue[i]][yPred[i]]++;
  return m;
}

/** Cohen's kappa from a confusion matrix (sklearn formula); 0 when the expected agreement is 1. */
export function cohenKappa(confusion: number[][]): number {
  const k = confusion.length;
  let n = 0;
  let agree = 0;
  const rows = new Array<number>(k).fill(0);
  const cols = new Array<number>(k).fill(0);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      n += confusion[i][j];
      rows[i] += confusion[i][j];
      cols[j] += confusion[i][j];
    }
    agree += confusion[i][i];
  }
  if (n === 0) return 0;
  const po = agree / n;
  let pe = 0;
  for (let i = 0; i < k; i++) pe += (rows[i] * cols[i]) / (n * n);
  if (pe >= 1) return 0;
  return (po - pe) / (1 - pe);
}

function logChoose(n: number, k: number): number {
  return logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);
}

/** Lanczos log-gamma (g = 7, 9 terms): ~1e-15 relative accuracy for x > 0. */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
    9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = c[0];
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** One-sided exact binomial tail P(X ≥ k) for X ~ Binomial(n, p), summed in log space (no underflow). */
export function binomialTail(k: number, n: number, p: number): number {
  if (k <= 0) return 1;
  if (k > n) return 0;
  const logs: number[] = [];
  for (let i = k; i <= n; i++) logs.push(logChoose(n, i) + i * Math.log(p) + (n - i) * Math.log1p(-p));
  const max = Math.max(...logs);
  return Math.min(1, Math.exp(max) * logs.reduce((s, l) => s + Math.exp(l - max), 0));
}

/** Smallest accuracy k/n with P(X ≥ k) < alpha for X ~ Binomial(n, p). */
export function binomialChanceThreshold(n: number, p: number, alpha = 0.05): number | null {
  if (n <= 0) return null;
  let tail = 0; // P(X ≥ k), accumulated from k = n downwards
  for (let k = n; k >= 0; k--) {
    const pk = Math.exp(logChoose(n, k) + k * Math.log(p) + (n - k) * Math.log1p(-p));
    // k = n already reaches alpha: no accuracy up to 100 % is significant with n trials
    if (tail + pk >= alpha) return k === n ? null : (k + 1) / n;
    tail += pk;
  }
  return 0;
}

/**
 * A p-value as XBrain states it: two significant digits, below 0.001 in powers of ten ("0.016", "3.2 × 10^-5"). The
 * computed answers, the answers about the user's Study and evaluate's chance sentence all print p with it.
 */
export function formatPValue(p: number): string {
  if (p >= 0.001) return p.toPrecision(2);
  // a tail below double precision's range (n in the tens of thousands, all correct) underflows to 0
  if (!(p > 0)) return '< 10^-300';
  return p.toExponential(1).replace(/e-(\d+)$/, ' × 10^-$1');
}

/** The exact one-sided binomial test of `correct` of `n` trials against chance `p0`, at p < 0.05. */
export interface BinomialTest {
  /** P(X ≥ correct) for X ~ Binomial(n, p0) */
  p: number;
  significant: boolean;
  /** the smallest significant number correct, or null when not even n of n is */
  need: number | null;
}

export function binomialTest(correct: number, n: number, p0: number): BinomialTest {
  const p = binomialTail(correct, n, p0);
  const threshold = binomialChanceThreshold(n, p0);
  return { p, significant: p < 0.05, need: threshold === null ? null : Math.round(threshold * n) };
}

/** The chance sentence of an evaluation: the threshold, or that the test set is too small for one. */
export function significanceText(chance: ChanceLevel, n: number, classes: number): string {
  if (chance.significant === null) {
    const pAll = Math.pow(chance.uniform, n);
    return `${n} test trial${n === 1 ? ' is' : 's are'} too few for any accuracy to be significant at p < 0.05 with ${classes} classes (even all correct has p = ${formatPValue(pAll)}); evaluate on a larger test set`;
  }
  return `above ${(100 * chance.significant).toFixed(1)}% is significant at p < 0.05 for ${n} trials`;
}

/**
 * Full report from true labels and per-class scores (probabilities or logits; n × k row-major). Scores are turned
 * into probabilities with softmax for AUC unless `scoresAreProbabilities`.
 */
export function classificationReport(
  yTrue: ArrayLike<number>,
  scores: ArrayLike<number>,
  classes: readonly string[],
  opts: { scoresAreProbabilities?: boolean } = {},
): ClassificationReport {
  const k = classes.length;
  const n = yTrue.length;
  if (scores.length !== n * k) throw new Error(`scores have ${scores.length} values for ${n} × ${k}`);
  const probs = opts.scoresAreProbabilities ? Float64Array.from(scores) : softmaxRows(scores, k);
  const yPred = argmaxRows(probs, k);
  const confusion = confusionMatrix(yTrue, yPred, k);
  let correct = 0;
  for (let i = 0; i < k; i++) correct += confusion[i][i];
  const perClass: ClassFigures[] = [];
  let recallSum = 0;
  let recallCount = 0;
  let f1Sum = 0;
  let f1Count = 0;
  for (let c = 0; c < k; c++) {
    const tp = confusion[c][c];
    let support = 0;
    let predicted = 0;
    for (let j = 0; j < k; j++) {
      support += confusion[c][j];
      predicted += confusion[j][c];
    }
    const precision = predicted > 0 ? tp / predicted : 0;
    const recall = support > 0 ? tp / support : 0;
    const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
    if (support > 0) {
      recallSum += recall;
      recallCount++;
    }
    if (support > 0 || predicted > 0) {
      f1Sum += f1;
      f1Count++;
    }
    const sc = new Float64Array(n);
    const pos = new Array<boolean>(n);
    for (let i = 0; i < n; i++) {
      sc[i] = probs[i * k + c];
      pos[i] = yTrue[i] === c;
    }
    perClass.push({ class: classes[c], precision, recall, f1, support, auc: binaryAuc(sc, pos) });
  }
  let majority = 0;
  for (const p of perClass) majority = Math.max(majority, p.support);
  return {
    n,
    classes: [...classes],
    accuracy: n > 0 ? correct / n : 0,
    balancedAccuracy: recallCount > 0 ? recallSum / recallCount : 0,
    kappa: cohenKappa(confusion),
    macroF1: f1Count > 0 ? f1Sum / f1Count : 0,
    auc: rocAuc(probs, yTrue, k),
    confusion,
    perClass,
    chance: { uniform: 1 / k, majority: n > 0 ? majority / n : 0, significant: binomialChanceThreshold(n, 1 / k) },
  };
}

export interface MeanSd {
  mean: number;
  /** sample standard deviation (ddof = 1); 0 for a single value */
  sd: number;
  n: number;
}

export function meanSd(values: readonly number[]): MeanSd {
  const n = values.length;
  if (n === 0) return { mean: NaN, sd: NaN, n: 0 };
  const mean = values.reduce((a, v) => a + v, 0) / n;
  const sd = n > 1 ? Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1)) : 0;
  return { mean, sd, n };
}

export const SUMMARY_METRICS = ['accuracy', 'balancedAccuracy', 'kappa', 'macroF1', 'auc'] as const;
export type SummaryMetric = (typeof SUMMARY_METRICS)[number];

/** Mean ± SD of the headline metrics over repeats / folds. */
export function summarizeReports(reports: readonly ClassificationReport[]): Record<SummaryMetric, MeanSd> {
  const out = {} as Record<SummaryMetric, MeanSd>;
  for (const m of SUMMARY_METRICS) out[m] = meanSd(reports.map((r) => r[m]));
  return out;
}

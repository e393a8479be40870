/**
 * Wilcoxon signed-rank test over paired scores (e.g. one score per subject for two pipelines), two-sided, as
 * scipy.stats.wilcoxon does by default (zero_method 'wilcox', no continuity correction): zero differences are dropped;
 * with ≤ 50 non-zero differences and no zeros or ties the p-value comes from the exact distribution of the positive
 * rank sum, otherwise from the normal approximation with the tie correction of the variance. (scipy 1.10 keeps the
 * exact distribution when there are ties but no zeros and truncates the half ranks; newer scipy switches to the
 * approximation, which is what we do.)
 *
 * Effect sizes: the matched-pairs rank-biserial correlation r = (R+ − R−) / (R+ + R−) (Kerby 2014; +1 when every
 * difference is positive) and r = |Z| / √n from the normal approximation (Rosenthal), n the non-zero pairs.
 */
import { XBrainError } from '../errors';

export interface WilcoxonResult {
  /** pairs with a non-zero difference (the n the test uses) */
  n: number;
  /** pairs whose difference is zero (dropped) */
  zeros: number;
  /** min(R+, R−), scipy's two-sided statistic */
  statistic: number;
  rPlus: number;
  rMinus: number;
  /** two-sided p-value */
  p: number;
  method: 'exact' | 'approx';
  /** normal-approximation z of min(R+, R−) (always ≤ 0; computed for both methods) */
  z: number;
  /** matched-pairs rank-biserial correlation in [−1, 1], positive when a > b */
  rankBiserial: number;
  /** |z| / √n */
  r: number;
  /** median of a − b over all pairs */
  medianDifference: number;
}

/** Average ranks (1-based) of the values, ties sharing their mean rank (scipy.stats.rankdata 'average'). */
export function averageRanks(values: ArrayLike<number>): Float64Array {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => values[a] - values[b]);
  const ranks = new Float64Array(n);
  for (let i = 0; i < n;) {
    let j = i;
    while (j + 1 < n && values[order[j + 1]] === values[order[i]]) j++;
    const r = (i + j + 2) / 2;
    for (let k = i; k <= j; k++) ranks[order[k]] = r;
    i = j + 1;
  }
  return ranks;
}

/** Exact null distribution of R+ for n pairs: probabilities of 0 … n(n+1)/2 (scipy's _get_wilcoxon_distr). */
export function signedRankDistribution(n: number): Float64Array {
  let c = new Float64Array([1]);
  for (let k = 1; k <= n; k++) {
    const next = new Float64Array((k * (k + 1)) / 2 + 1);
    const m = c.length;
    for (let i = 0; i < m; i++) {
      next[i] += c[i] * 0.5;
      next[next.length - m + i] += c[i] * 0.5;
    }
    c = next;
  }
  return c;
}

/** Standard normal survival function P(Z > x), from erfc (accurate in the far tail, where 1 − cdf would cancel). */
export function normalSf(x: number): number {
  return 0.5 * erfc(x / Math.SQRT2);
}

/** erfc with ~1e-15 relative accuracy: series for small |x|, Lentz continued fraction for large. */
function erfc(x: number): number {
  if (x < 0) return 2 - erfc(-x);
  if (x < 2) {
    // erf series: 2/√π Σ (−1)^n x^(2n+1) / (n! (2n+1))
    let sum = x;
    let term = x;
    for (let n = 1; n < 200; n++) {
      term *= (-x * x) / n;
      const add = term / (2 * n + 1);
      sum += add;
      if (Math.abs(add) < 1e-17 * Math.abs(sum)) break;
    }
    return 1 - (2 / Math.sqrt(Math.PI)) * sum;
  }
  // erfc(x) = exp(−x²)/√π · 1/(x + 1/2/(x + 1/(x + 3/2/(x + …)))) evaluated with modified Lentz
  const tiny = 1e-300;
  let f = x;
  let C = x;
  let D = 0;
  for (let n = 1; n < 500; n++) {
    const a = n / 2;
    D = x + a * D;
    D = Math.abs(D) < tiny ? tiny : D;
    C = x + a / C;
    C = Math.abs(C) < tiny ? tiny : C;
    D = 1 / D;
    const delta = C * D;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / (Math.sqrt(Math.PI) * f);
}

function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Two-sided Wilcoxon signed-rank test of a against b (paired, same length). */
export function wilcoxonSignedRank(a: ArrayLike<number>, b: ArrayLike<number>): WilcoxonResult {
  if (a.length !== b.length)
    throw new XBrainError('invalid_arguments', `wilcoxon: the paired samples have ${a.length} and ${b.length} values`, { parameter: 'b' });
  const all: number[] = [];
  for (let i = 0; i < a.length; i++) {
    const d = a[i] - b[i];
    if (!Number.isFinite(d)) throw new XBrainError('invalid_arguments', `wilcoxon: pair ${i + 1} is not a finite number`, { parameter: 'a' });
    all.push(d);
  }
  const d = all.filter((v) => v !== 0);
  const zeros = all.length - d.length;
  const n = d.length;
  if (n === 0)
    throw new XBrainError('invalid_arguments', 'wilcoxon: every paired difference is zero (or there are no pairs); the test is undefined', { parameter: 'a' });
  const ranks = averageRanks(d.map(Math.abs));
  let rPlus = 0;
  let rMinus = 0;
  for (let i = 0; i < n; i++) {
    if (d[i] > 0) rPlus += ranks[i];
    else rMinus += ranks[i];
  }
  const statistic = Math.min(rPlus, rMinus);
  // tie correction: Σ t(t² − 1) over groups of equal |d|
  const counts = new Map<number, number>();
  for (const r of ranks) counts.set(r, (counts.get(r) ?? 0) + 1);
  let tieTerm = 0;
  for (const t of counts.values()) if (t > 1) tieTerm += t * (t * t - 1);
  const mean = (n * (n + 1)) / 4;
  const se = Math.sqrt((n * (n + 1) * (2 * n + 1) - 0.5 * tieTerm) / 24);
  const z = se > 0 ? (statistic - mean) / se : 0;
  const exact = n <= 50 && zeros === 0 && tieTerm === 0;
  let p: number;
  if (exact) {
    const pmf = signedRankDistribution(n);
    const r = Math.round(rPlus);
    if (r === (pmf.length - 1) >> 1) p = 1;
    else {
      let less = 0;
      let greater = 0;
      for (let i = 0; i <= r; i++) less += pmf[i];
      for (let i = r; i < pmf.length; i++) greater += pmf[i];
      p = Math.min(1, Math.max(0, 2 * Math.min(less, greater)));
    }
  } else {
    p = se > 0 ? Math.min(1, 2 * normalSf(Math.abs(z))) : 1;
  }
  return {
    n,
    zeros,
    statistic,
    rPlus,
    rMinus,
    p,
    method: exact ? 'exact' : 'approx',
    z,
    rankBiserial: (rPlus - rMinus) / (rPlus + rMinus),
    r: Math.abs(z) / Math.sqrt(n),
    medianDifference: median(all),
  };
}

/**
 * CSP + LDA baseline (MNE `CSP(n_components=4, reg=None, log=True, cov_est='concat')` + sklearn
 * `LinearDiscriminantAnalysis()`), linear algebra by mathjs.
 *
 * CSP (two classes): the generalised eigenproblem C₀ w = λ (C₀ + C₁) w is solved by whitening the composite
 * covariance (S = C₀ + C₁ = U D Uᵀ, P = D^{-1/2} Uᵀ) and diagonalising the symmetric P C₀ Pᵀ; filters are ordered by
 * |λ − 0.5| descending as MNE does. More than two classes: one-vs-rest CSP, the same per class against the rest
 * (MNE uses approximate joint diagonalisation there; the OvR variant is documented as the difference).
 * Features: log of the average power of each spatially filtered epoch. LDA: shared-covariance Gaussian classifier
 * with empirical priors (sklearn's decision function), solved with mathjs lusolve.
 */
import { eigs, lusolve, matrix, type Matrix } from 'mathjs';
import { XBrainError } from '../errors';
import { epochRows } from '../signal/spill';
import type { Epochs } from '../signal/types';
import { asBlocks, type EpochBlocks, type EpochSet } from './epochBlocks';

export type { EpochSet } from './epochBlocks';

export interface CspLdaModel {
  classes: number[];
  /** spatial filters, nFilters × C row-major */
  filters: Float64Array;
  nFilters: number;
  nChannels: number;
  /** LDA: per class coefficient vector (nFilters) and intercept */
  coef: Float64Array;
  intercept: Float64Array;
  /** eigenvalues of the selected filters (two-class case: λ in [0, 1]) */
  eigenvalues: number[];
}

/**
 * Empirical covariance (centred, /N) of each class's epochs concatenated along time (`classOf[i]`: the class index
 * of row i, −1 for none). Two passes over the blocks (class means, then the centred products), every class at once;
 * each class's rows are summed in row order, as a per-class pass over the rows would.
 */
function classCovariances(x: EpochBlocks, classOf: Int32Array, K: number): number[][][] {
  const C = x.nChannels;
  const T = x.nTimes;
  const means = Array.from({ length: K }, () => new Float64Array(C));
  const covs = Array.from({ length: K }, () => new Float64Array(C * C));
  const totals = new Array<number>(K).fill(0);
  for (const { x: b, start } of x.blocks()) {
    for (let r = 0; r < b.n; r++) {
      const k = classOf[start + r];
      if (k < 0) continue;
      totals[k] += T;
      const mean = means[k];
      for (let c = 0; c < C; c++) {
        const off = (r * C + c) * T;
        let s = 0;
        for (let t = 0; t < T; t++) s += b.data[off + t];
        mean[c] += s;
      }
    }
  }
  means.forEach((m, k) => {
    for (let c = 0; c < C; c++) m[c] /= totals[k];
  });
  const row = new Float64Array(C);
  for (const { x: b, start } of x.blocks()) {
    for (let r = 0; r < b.n; r++) {
      const k = classOf[start + r];
      if (k < 0) continue;
      const mean = means[k];
      const cov = covs[k];
      const base = r * C * T;
      for (let t = 0; t < T; t++) {
        for (let c = 0; c < C; c++) row[c] = b.data[base + c * T + t] - mean[c];
        for (let a = 0; a < C; a++) {
          const ra = row[a];
          const o = a * C;
          for (let bb = a; bb < C; bb++) cov[o + bb] += ra * row[bb];
        }
      }
    }
  }
  return covs.map((cov, k) => {
    const out: number[][] = [];
    for (let a = 0; a < C; a++) {
      out.push(new Array<number>(C));
      for (let b = 0; b < C; b++) out[a][b] = (a <= b ? cov[a * C + b] : cov[b * C + a]) / totals[k];
    }
    return out;
  });
}

interface EigenPair {
  value: number;
  vector: number[];
}

function symmetricEigen(m: number[][]): EigenPair[] {
  const sym = m.map((r, i) => r.map((v, j) => (v + m[j][i]) / 2));
  const res = eigs(sym) as unknown as { eigenvectors: Array<{ value: number | { re: number }; vector: number[] | Matrix }> };
  return res.eigenvectors.map((p) => ({
    value: typeof p.value === 'number' ? p.value : p.value.re,
    vector: Array.isArray(p.vector) ? (p.vector as number[]) : ((p.vector as Matrix).toArray() as number[]),
  }));
}

/** Generalised symmetric-definite eigenpairs of (A, B): A w = λ B w, w normalised so that wᵀ B w = 1. */
export function generalizedEigen(A: number[][], B: number[][]): EigenPair[] {
  const C = A.length;
  const eb = symmetricEigen(B);
  const maxEv = Math.max(...eb.map((p) => p.value));
  // drop directions B does not span (rank-deficient data, e.g. after average reference)
  const kept = eb.filter((p) => p.value > maxEv * 1e-10);
  if (kept.length === 0) throw new XBrainError('invalid_state', 'CSP: the class covariances are zero (flat data)');
  // P: kept × C, rows u_iᵀ / sqrt(d_i)
  const P = kept.map((p) => p.vector.map((v) => v / Math.sqrt(p.value)));
  const k = P.length;
  const PA: number[][] = P.map((pr) => {
    const r = new Array<number>(C).fill(0);
    for (let j = 0; j < C; j++) {
      let s = 0;
      for (let i = 0; i < C; i++) s += pr[i] * A[i][j];
      r[j] = s;
    }
    return r;
  });
  const M: number[][] = Array.from({ length: k }, (_, a) => Array.from({ length: k }, (_, b) => PA[a].reduce((s, v, j) => s + v * P[b][j], 0)));
  return symmetricEigen(M).map((p) => {
    const w = new Array<number>(C).fill(0);
    for (let i = 0; i < k; i++) for (let j = 0; j < C; j++) w[j] += p.vector[i] * P[i][j];
    return { value: p.value, vector: w };
  });
}

/** log average power of each filtered epoch: n × nFilters. */
export function cspFeatures(set: EpochSet | EpochBlocks, filters: Float64Array, nFilters: number): Float64Array {
  const x = asBlocks(set);
  const C = x.nChannels;
  const T = x.nTimes;
  const out = new Float64Array(x.n * nFilters);
  const y = new Float64Array(T);
  for (const { x: b, start } of x.blocks()) {
    for (let r = 0; r < b.n; r++) {
      const base = r * C * T;
      const e = start + r;
      for (let f = 0; f < nFilters; f++) {
        y.fill(0);
        for (let c = 0; c < C; c++) {
          const w = filters[f * C + c];
          if (w === 0) continue;
          const off = base + c * T;
          for (let t = 0; t < T; t++) y[t] += w * b.data[off + t];
        }
        let p = 0;
        for (let t = 0; t < T; t++) p += y[t] * y[t];
        out[e * nFilters + f] = Math.log(p / T);
      }
    }
  }
  return out;
}

/** Fits on rows in memory (an EpochSet) or walked block by block ({@link epochBlocks}): the same model either way. */
export function fitCspLda(set: EpochSet | EpochBlocks, labels: ArrayLike<number>, opts: { nComponents?: number } = {}): CspLdaModel {
  const x = asBlocks(set);
  const nComp = opts.nComponents ?? 4;
  if (labels.length !== x.n) throw new XBrainError('internal', `CSP+LDA: ${x.n} epochs but ${labels.length} labels`);
  const classes = [...new Set(Array.from(labels))].sort((a, b) => a - b);
  if (classes.length < 2) throw new XBrainError('invalid_state', `CSP+LDA needs at least two classes in the training set (found ${classes.length})`);
  const covs = classCovariances(
    x,
    Int32Array.from(labels, (y) => classes.indexOf(y)),
    classes.length,
  );
  const C = x.nChannels;
  const chosen: EigenPair[] = [];
  const add = (A: number[][], B: number[][], count: number): void => {
    const pairs = generalizedEigen(A, B).sort((p, q) => Math.abs(q.value - 0.5) - Math.abs(p.value - 0.5));
    chosen.push(...pairs.slice(0, count));
  };
  const sum = (ms: number[][][]): number[][] => ms[0].map((r, i) => r.map((_, j) => ms.reduce((s, m) => s + m[i][j], 0)));
  if (classes.length === 2) {
    add(covs[0], sum(covs), nComp);
  } else {
    // one-vs-rest: the filters most specific to each class (largest λ), nComp/2 rounded up per class
    const per = Math.max(1, Math.ceil(nComp / 2));
    const total = sum(covs);
    for (let k = 0; k < classes.length; k++) {
      const pairs = generalizedEigen(covs[k], total).sort((p, q) => q.value - p.value);
      chosen.push(...pairs.slice(0, per));
    }
  }
  const nFilters = chosen.length;
  const filters = new Float64Array(nFilters * C);
  chosen.forEach((p, f) => filters.set(p.vector, f * C));
  const feats = cspFeatures(x, filters, nFilters);
  const lda = fitLda(feats, nFilters, labels, classes);
  return { classes, filters, nFilters, nChannels: C, ...lda, eigenvalues: chosen.map((p) => p.value) };
}

function fitLda(feats: Float64Array, d: number, labels: ArrayLike<number>, classes: number[]): { coef: Float64Array; intercept: Float64Array } {
  const n = labels.length;
  const K = classes.length;
  const means = classes.map(() => new Float64Array(d));
  const counts = new Array<number>(K).fill(0);
  for (let i = 0; i < n; i++) {
    const k = classes.indexOf(labels[i]);
    counts[k]++;
    for (let j = 0; j < d; j++) means[k][j] += feats[i * d + j];
  }
  means.forEach((m, k) => m.forEach((_, j) => (m[j] /= counts[k])));
  // pooled within-class covariance (sklearn: sum of class covariances weighted by priors; equal to /n scatter)
  const S: number[][] = Array.from({ length: d }, () => new Array<number>(d).fill(0));
  for (let i = 0; i < n; i++) {
    const m = means[classes.indexOf(labels[i])];
    for (let a = 0; a < d; a++) for (let b = 0; b < d; b++) S[a][b] += ((feats[i * d + a] - m[a]) * (feats[i * d + b] - m[b])) / n;
  }
  // tiny ridge keeps a singular pooled covariance (duplicated features) solvable
  const tr = S.reduce((s, r, i) => s + r[i], 0) / d;
  for (let a = 0; a < d; a++) S[a][a] += 1e-10 * tr;
  const coef = new Float64Array(K * d);
  const intercept = new Float64Array(K);
  for (let k = 0; k < K; k++) {
    const sol = lusolve(matrix(S), matrix(Array.from(means[k]))) as Matrix;
    const w = (sol.toArray() as number[][]).map((r) => (Array.isArray(r) ? r[0] : (r as number)));
    coef.set(w, k * d);
    intercept[k] = -0.5 * w.reduce((s, v, j) => s + v * means[k][j], 0) + Math.log(counts[k] / n);
  }
  return { coef, intercept };
}

/** Decision scores n × K (class order = model.classes); argmax gives the prediction. */
export function cspLdaScores(model: CspLdaModel, set: EpochSet | EpochBlocks): Float64Array {
  const x = asBlocks(set);
  if (x.nChannels !== model.nChannels) throw new XBrainError('invalid_arguments', `CSP model has ${model.nChannels} channels, data ${x.nChannels}`);
  const d = model.nFilters;
  const K = model.classes.length;
  const f = cspFeatures(x, model.filters, d);
  const out = new Float64Array(x.n * K);
  for (let i = 0; i < x.n; i++) {
    for (let k = 0; k < K; k++) {
      let s = model.intercept[k];
      for (let j = 0; j < d; j++) s += model.coef[k * d + j] * f[i * d + j];
      out[i * K + k] = s;
    }
  }
  return out;
}

/** Rows `idx` of an epochs set as an EpochSet: positional reads of a disk-backed set (never the whole file). */
export function epochSubset(e: Epochs, idx: ArrayLike<number>): EpochSet {
  return { data: epochRows(e, idx), n: idx.length, nChannels: e.nChannels, nTimes: e.nTimes };
}

export function subset(data: Float32Array, nChannels: number, nTimes: number, idx: ArrayLike<number>): EpochSet {
  const size = nChannels * nTimes;
  const out = new Float32Array(idx.length * size);
  for (let i = 0; i < idx.length; i++) out.set(data.subarray(idx[i] * size, (idx[i] + 1) * size), i * size);
  return { data: out, n: idx.length, nChannels, nTimes };
}

/**
 * Riemannian geometry of covariance matrices for the tangent-space baseline (pyriemann's Covariances('oas'),
 * mean_riemann and TangentSpace(metric='riemann')). Matrices are n × n row-major Float64Arrays; functions of symmetric
 * matrices go through a symmetric eigendecomposition (Householder + QL; a cyclic Jacobi version cross-checks it).
 */
import { XBrainError } from '../errors';

/** Symmetric eigendecomposition A = V diag(values) Vᵀ; V's columns are the eigenvectors (row-major n × n). */
export interface SymEigen {
  values: Float64Array;
  vectors: Float64Array;
}

/** Cyclic Jacobi rotations until the off-diagonal mass is negligible (A is symmetrised first). */
export function jacobiEigen(A: ArrayLike<number>, n: number): SymEigen {
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) a[i * n + j] = (A[i * n + j] + A[j * n + i]) / 2;
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  let scale = 0;
  for (let i = 0; i < n * n; i++) scale += a[i] * a[i];
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q] * a[p * n + q];
    if (off <= 1e-30 * scale || off === 0) break;
    for (let p = 0; p < n - 1; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q];
        if (apq === 0) continue;
        const theta = (a[q * n + q] - a[p * n + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          // rotate columns p, q
          const akp = a[k * n + p];
          const akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          // rotate rows p, q
          const apk = a[p * n + k];
          const aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p];
          const vkq = v[k * n + q];
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = a[i * n + i];
  return { values, vectors: v };
}

/**
 * Symmetric eigendecomposition by Householder tridiagonalisation and the implicit QL algorithm (JAMA's tred2/tql2,
 * from EISPACK): several times faster than Jacobi for 20–64 channels, same accuracy. Values ascending.
 */
export function symmetricEigen(A: ArrayLike<number>, n: number): SymEigen {
  const V = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) V[i * n + j] = (A[i * n + j] + A[j * n + i]) / 2;
  const d = new Float64Array(n);
  const e = new Float64Array(n);
  // tred2
  for (let j = 0; j < n; j++) d[j] = V[(n - 1) * n + j];
  for (let i = n - 1; i > 0; i--) {
    let scale = 0;
    let h = 0;
    for (let k = 0; k < i; k++) scale += Math.abs(d[k]);
    if (scale === 0) {
      e[i] = d[i - 1];
      for (let j = 0; j < i; j++) {
        d[j] = V[(i - 1) * n + j];
        V[i * n + j] = 0;
        V[j * n + i] = 0;
      }
    } else {
      for (let k = 0; k < i; k++) {
        d[k] /= scale;
        h += d[k] * d[k];
      }
      let f = d[i - 1];
      let g = Math.sqrt(h);
      if (f > 0) g = -g;
      e[i] = scale * g;
      h -= f * g;
      d[i - 1] = f - g;
      for (let j = 0; j < i; j++) e[j] = 0;
      for (let j = 0; j < i; j++) {
        f = d[j];
        V[j * n + i] = f;
        g = e[j] + V[j * n + j] * f;
        for (let k = j + 1; k <= i - 1; k++) {
          g += V[k * n + j] * d[k];
          e[k] += V[k * n + j] * f;
        }
        e[j] = g;
      }
      f = 0;
      for (let j = 0; j < i; j++) {
        e[j] /= h;
        f += e[j] * d[j];
      }
      const hh = f / (h + h);
      for (let j = 0; j < i; j++) e[j] -= hh * d[j];
      for (let j = 0; j < i; j++) {
        f = d[j];
        g = e[j];
        for (let k = j; k <= i - 1; k++) V[k * n + j] -= f * e[k] + g * d[k];
        d[j] = V[(i - 1) * n + j];
        V[i * n + j] = 0;
      }
    }
    d[i] = h;
  }
  for (let i = 0; i < n - 1; i++) {
    V[(n - 1) * n + i] = V[i * n + i];
    V[i * n + i] = 1;
    const h = d[i + 1];
    if (h !== 0) {
      for (let k = 0; k <= i; k++) d[k] = V[k * n + i + 1] / h;
      for (let j = 0; j <= i; j++) {
        let g = 0;
        for (let k = 0; k <= i; k++) g += V[k * n + i + 1] * V[k * n + j];
        for (let k = 0; k <= i; k++) V[k * n + j] -= g * d[k];
      }
    }
    for (let k = 0; k <= i; k++) V[k * n + i + 1] = 0;
  }
  for (let j = 0; j < n; j++) {
    d[j] = V[(n - 1) * n + j];
    V[(n - 1) * n + j] = 0;
  }
  V[(n - 1) * n + n - 1] = 1;
  e[0] = 0;
  // tql2
  for (let i = 1; i < n; i++) e[i - 1] = e[i];
  e[n - 1] = 0;
  let f = 0;
  let tst1 = 0;
  const eps = 2 ** -52;
  for (let l = 0; l < n; l++) {
    tst1 = Math.max(tst1, Math.abs(d[l]) + Math.abs(e[l]));
    let m = l;
    while (m < n) {
      if (Math.abs(e[m]) <= eps * tst1) break;
      m++;
    }
    if (m > l) {
      for (let iter = 0; iter < 100; iter++) {
        let g = d[l];
        let p = (d[l + 1] - g) / (2 * e[l]);
        let r = Math.hypot(p, 1);
        if (p < 0) r = -r;
        d[l] = e[l] / (p + r);
        d[l + 1] = e[l] * (p + r);
        const dl1 = d[l + 1];
        let h = g - d[l];
        for (let i = l + 2; i < n; i++) d[i] -= h;
        f += h;
        p = d[m];
        let c = 1;
        let c2 = c;
        let c3 = c;
        const el1 = e[l + 1];
        let s = 0;
        let s2 = 0;
        for (let i = m - 1; i >= l; i--) {
          c3 = c2;
          c2 = c;
          s2 = s;
          g = c * e[i];
          h = c * p;
          r = Math.hypot(p, e[i]);
          e[i + 1] = s * r;
          s = e[i] / r;
          c = p / r;
          p = c * d[i] - s * g;
          d[i + 1] = h + s * (c * g + s * d[i]);
          for (let k = 0; k < n; k++) {
            h = V[k * n + i + 1];
            V[k * n + i + 1] = s * V[k * n + i] + c * h;
            V[k * n + i] = c * V[k * n + i] - s * h;
          }
        }
        p = (-s * s2 * c3 * el1 * e[l]) / dl1;
        e[l] = s * p;
        d[l] = c * p;
        if (Math.abs(e[l]) <= eps * tst1) break;
      }
    }
    d[l] += f;
    e[l] = 0;
  }
  // ascending order, vectors alongside
  for (let i = 0; i < n - 1; i++) {
    let k = i;
    for (let j = i + 1; j < n; j++) if (d[j] < d[k]) k = j;
    if (k !== i) {
      const t = d[k];
      d[k] = d[i];
      d[i] = t;
      for (let r = 0; r < n; r++) {
        const v = V[r * n + i];
        V[r * n + i] = V[r * n + k];
        V[r * n + k] = v;
      }
    }
  }
  return { values: d, vectors: V };
}

/** V diag(f(λ)) Vᵀ for a symmetric matrix. */
export function symmetricFunction(A: ArrayLike<number>, n: number, f: (x: number) => number): Float64Array {
  return eigenFunction(symmetricEigen(A, n), n, f);
}

/** V diag(f(λ)) Vᵀ from a decomposition already made (several functions of one matrix share it). */
function eigenFunction({ values, vectors }: { values: ArrayLike<number>; vectors: ArrayLike<number> }, n: number, f: (x: number) => number): Float64Array {
  const fv = Array.from(values, f);
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i; j < n; j++) {
      let s = 0;
      for (let k = 0; k < n; k++) s += vectors[i * n + k] * fv[k] * vectors[j * n + k];
      out[i * n + j] = s;
      out[j * n + i] = s;
    }
  }
  return out;
}

const positive =
  (what: string) =>
  (x: number): number => {
    if (!(x > 0))
      throw new XBrainError(
        'invalid_state',
        `${what}: the covariance matrix is not positive definite (eigenvalue ${x.toExponential(2)}); a channel is flat or duplicated`,
      );
    return x;
  };

export const sqrtm = (A: ArrayLike<number>, n: number): Float64Array => symmetricFunction(A, n, (x) => Math.sqrt(positive('sqrtm')(x)));
export const invsqrtm = (A: ArrayLike<number>, n: number): Float64Array => symmetricFunction(A, n, (x) => 1 / Math.sqrt(positive('invsqrtm')(x)));
/** C^½ and C^-½ from one eigendecomposition (the Riemannian mean needs both of the same matrix each step). */
export function sqrtAndInvSqrt(A: ArrayLike<number>, n: number): { sqrt: Float64Array; invSqrt: Float64Array } {
  const eig = symmetricEigen(A, n);
  const check = positive('sqrtm');
  return { sqrt: eigenFunction(eig, n, (x) => Math.sqrt(check(x))), invSqrt: eigenFunction(eig, n, (x) => 1 / Math.sqrt(check(x))) };
}
export const logm = (A: ArrayLike<number>, n: number): Float64Array => symmetricFunction(A, n, (x) => Math.log(positive('logm')(x)));
export const expm = (A: ArrayLike<number>, n: number): Float64Array => symmetricFunction(A, n, Math.exp);

/** A B for n × n matrices. */
export function matmul(A: ArrayLike<number>, B: ArrayLike<number>, n: number): Float64Array {
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < n; k++) {
      const aik = A[i * n + k];
      if (aik === 0) continue;
      for (let j = 0; j < n; j++) out[i * n + j] += aik * B[k * n + j];
    }
  }
  return out;
}

/** P A P for symmetric P (the congruence every affine-invariant step uses); symmetrised against rounding. */
export function congruence(P: ArrayLike<number>, A: ArrayLike<number>, n: number): Float64Array {
  const m = matmul(matmul(P, A, n), P, n);
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) m[i * n + j] = m[j * n + i] = (m[i * n + j] + m[j * n + i]) / 2;
  return m;
}

export type CovarianceEstimator = 'oas' | 'scm';

/**
 * Covariance of one epoch (C × T, channels as features, samples over time, centred): 'scm' is the empirical
 * covariance (/T), 'oas' sklearn.covariance.oas (Chen et al.'s implementation formula) as pyriemann's 'oas'.
 */
export function epochCovariance(x: ArrayLike<number>, offset: number, C: number, T: number, estimator: CovarianceEstimator = 'oas'): Float64Array {
  const mean = new Float64Array(C);
  for (let c = 0; c < C; c++) {
    let s = 0;
    for (let t = 0; t < T; t++) s += x[offset + c * T + t];
    mean[c] = s / T;
  }
  const cov = new Float64Array(C * C);
  const row = new Float64Array(T);
  const centred = new Float64Array(C * T);
  for (let c = 0; c < C; c++) for (let t = 0; t < T; t++) centred[c * T + t] = x[offset + c * T + t] - mean[c];
  for (let a = 0; a < C; a++) {
    row.set(centred.subarray(a * T, (a + 1) * T));
    for (let b = a; b < C; b++) {
      let s = 0;
      const ob = b * T;
      for (let t = 0; t < T; t++) s += row[t] * centred[ob + t];
      cov[a * C + b] = cov[b * C + a] = s / T;
    }
  }
  if (estimator === 'scm' || C === 1) return cov;
  let trace = 0;
  let sq = 0;
  for (let i = 0; i < C; i++) trace += cov[i * C + i];
  for (let i = 0; i < C * C; i++) sq += cov[i] * cov[i];
  const mu = trace / C;
  const alpha = sq / (C * C);
  const num = alpha + mu * mu;
  const den = (T + 1) * (alpha - (mu * mu) / C);
  const shrinkage = den === 0 ? 1 : Math.min(num / den, 1);
  for (let i = 0; i < C * C; i++) cov[i] *= 1 - shrinkage;
  for (let i = 0; i < C; i++) cov[i * C + i] += shrinkage * mu;
  return cov;
}

/**
 * Affine-invariant (Riemannian) mean of SPD matrices by pyriemann's fixed-point iteration (mean_riemann: start at the
 * arithmetic mean, C ← C^½ expm(ν · mean logm(C^-½ Cᵢ C^-½)) C^½, ν adapted, tol 1e-8 on the step norm, ≤ 50 steps).
 */
export function riemannMean(covs: readonly Float64Array[], n: number, opts: { tol?: number; maxIter?: number } = {}): Float64Array {
  if (covs.length === 0) throw new XBrainError('invalid_state', 'riemannian mean of no matrices');
  const tol = opts.tol ?? 1e-8;
  const maxIter = opts.maxIter ?? 50;
  let C: Float64Array = new Float64Array(n * n);
  for (const M of covs) for (let i = 0; i < n * n; i++) C[i] += M[i] / covs.length;
  let nu = 1;
  let tau = Number.MAX_VALUE;
  let crit = Number.MAX_VALUE;
  for (let k = 0; k < maxIter && crit > tol && nu > tol; k++) {
    const { sqrt: C12, invSqrt: Cm12 } = sqrtAndInvSqrt(C, n);
    const J = new Float64Array(n * n);
    for (const M of covs) {
      const L = logm(congruence(Cm12, M, n), n);
      for (let i = 0; i < n * n; i++) J[i] += L[i] / covs.length;
    }
    let norm = 0;
    for (let i = 0; i < n * n; i++) norm += J[i] * J[i];
    crit = Math.sqrt(norm);
    const h = nu * crit;
    const step = new Float64Array(n * n);
    for (let i = 0; i < n * n; i++) step[i] = nu * J[i];
    C = congruence(C12, expm(step, n), n);
    if (h < tau) {
      nu *= 0.95;
      tau = h;
    } else {
      nu *= 0.5;
    }
  }
  return C;
}

/**
 * Tangent vector of C at the reference (pyriemann TangentSpace, metric 'riemann'): logm(Ref^-½ C Ref^-½), upper
 * triangle row by row with the off-diagonal entries × √2 (so the Euclidean norm is the Riemannian one).
 * `refInvSqrt` is Ref^-½.
 */
export function tangentVector(C: ArrayLike<number>, refInvSqrt: ArrayLike<number>, n: number, out = new Float64Array((n * (n + 1)) / 2)): Float64Array {
  const L = logm(congruence(refInvSqrt, C, n), n);
  let k = 0;
  for (let i = 0; i < n; i++) {
    out[k++] = L[i * n + i];
    for (let j = i + 1; j < n; j++) out[k++] = Math.SQRT2 * L[i * n + j];
  }
  return out;
}

/**
 * L2-penalised logistic regression as scikit-learn's LogisticRegression() (C = 1, lbfgs, intercept not penalised):
 * two classes fit one weight vector on p(class 1); more classes the multinomial (softmax) model with one weight
 * vector per class, as sklearn's default multi_class 'auto' does with lbfgs. The objective
 * Σ log-loss + ‖W‖² / (2C) is strictly convex, so the minimiser is unique; it is found with L-BFGS and a backtracking
 * (Armijo) line search to a tight gradient tolerance, closer to the optimum than sklearn's default tol = 1e-4.
 */
import { XBrainError } from '../errors';

export interface LogisticModel {
  classes: number[];
  /** features per sample */
  d: number;
  /** binary: 1 × d (class 1 against class 0); multinomial: K × d */
  coef: Float64Array;
  intercept: Float64Array;
  iterations: number;
}

type Objective = (w: Float64Array, grad: Float64Array) => number;

/** Minimises a smooth convex function with L-BFGS (memory 10). */
export function lbfgs(f: Objective, x0: Float64Array, opts: { maxIter?: number; gtol?: number } = {}): { x: Float64Array; iterations: number } {
  const maxIter = opts.maxIter ?? 1000;
  const gtol = opts.gtol ?? 1e-13;
  const n = x0.length;
  const m = 10;
  let x = Float64Array.from(x0);
  let g = new Float64Array(n);
  let fx = f(x, g);
  const S: Float64Array[] = [];
  const Y: Float64Array[] = [];
  const rho: number[] = [];
  const dot = (a: Float64Array, b: Float64Array): number => {
    let s = 0;
    for (let i = 0; i < a.length; i++) s += a[i] * b[i];
    return s;
  };
  const g0 = Math.sqrt(dot(g, g));
  let it = 0;
  for (; it < maxIter; it++) {
    const gn = Math.sqrt(dot(g, g));
    if (gn <= gtol * Math.max(1, g0)) break;
    // two-loop recursion: direction = −H g
    const q = Float64Array.from(g);
    const alpha: number[] = [];
    for (let i = S.length - 1; i >= 0; i--) {
      alpha[i] = rho[i] * dot(S[i], q);
      for (let j = 0; j < n; j++) q[j] -= alpha[i] * Y[i][j];
    }
    const gamma = S.length ? dot(S[S.length - 1], Y[Y.length - 1]) / dot(Y[Y.length - 1], Y[Y.length - 1]) : 1 / Math.max(gn, 1);
    for (let j = 0; j < n; j++) q[j] *= gamma;
    for (let i = 0; i < S.length; i++) {
      const beta = rho[i] * dot(Y[i], q);
      for (let j = 0; j < n; j++) q[j] += S[i][j] * (alpha[i] - beta);
    }
    let dirDeriv = 0;
    for (let j = 0; j < n; j++) dirDeriv -= g[j] * q[j];
    if (dirDeriv >= 0) {
      // not a descent direction (numerical trouble): restart from steepest descent
      S.length = 0;
      Y.length = 0;
      rho.length = 0;
      for (let j = 0; j < n; j++) q[j] = g[j] / Math.max(gn, 1);
      dirDeriv = -dot(g, q);
    }
    let step = 1;
    const xn = new Float64Array(n);
    const gnew = new Float64Array(n);
    let fn = 0;
    let accepted = false;
    for (let ls = 0; ls < 60 && !accepted; ls++) {
      for (let j = 0; j < n; j++) xn[j] = x[j] - step * q[j];
      fn = f(xn, gnew);
      // Armijo; near the optimum f stops resolving the decrease, then a smaller gradient decides
      accepted = fn <= fx + 1e-4 * step * dirDeriv || (Math.abs(fn - fx) <= 1e-13 * Math.max(1, Math.abs(fx)) && dot(gnew, gnew) < gn * gn);
      if (!accepted) step *= 0.5;
    }
    if (!accepted) break;
    const s = new Float64Array(n);
    const y = new Float64Array(n);
    for (let j = 0; j < n; j++) {
      s[j] = xn[j] - x[j];
      y[j] = gnew[j] - g[j];
    }
    const sy = dot(s, y);
    if (sy > 1e-300) {
      S.push(s);
      Y.push(y);
      rho.push(1 / sy);
      if (S.length > m) {
        S.shift();
        Y.shift();
        rho.shift();
      }
    }
    x = xn;
    g = gnew;
    fx = fn;
  }
  return { x, iterations: it };
}

/** Fits on X (n × d row-major) and labels; classes are the sorted distinct labels. */
export function fitLogistic(X: Float64Array, d: number, labels: ArrayLike<number>, opts: { C?: number } = {}): LogisticModel {
  const C = opts.C ?? 1;
  const n = labels.length;
  if (X.length !== n * d) throw new XBrainError('internal', `logistic regression: ${X.length} features for ${n} × ${d}`);
  const classes = [...new Set(Array.from(labels))].sort((a, b) => a - b);
  if (classes.length < 2)
    throw new XBrainError('invalid_state', `logistic regression needs at least two classes in the training set (found ${classes.length})`);
  const lam = 1 / C;
  if (classes.length === 2) {
    const y = Float64Array.from(labels, (l) => (l === classes[1] ? 1 : 0));
    const f: Objective = (w, grad) => {
      grad.fill(0);
      let loss = 0;
      for (let i = 0; i < n; i++) {
        let z = w[d];
        for (let j = 0; j < d; j++) z += w[j] * X[i * d + j];
        // log(1 + e^z) − y z, stably
        loss += (z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z))) - y[i] * z;
        const p = 1 / (1 + Math.exp(-z));
        const r = p - y[i];
        for (let j = 0; j < d; j++) grad[j] += r * X[i * d + j];
        grad[d] += r;
      }
      for (let j = 0; j < d; j++) {
        loss += 0.5 * lam * w[j] * w[j];
        grad[j] += lam * w[j];
      }
      return loss;
    };
    const { x, iterations } = lbfgs(f, new Float64Array(d + 1));
    return { classes, d, coef: x.slice(0, d), intercept: x.slice(d), iterations };
  }
  const K = classes.length;
  const yk = Int32Array.from(labels, (l) => classes.indexOf(l));
  const stride = d + 1;
  const z = new Float64Array(K);
  const f: Objective = (w, grad) => {
    grad.fill(0);
    let loss = 0;
    for (let i = 0; i < n; i++) {
      let mx = -Infinity;
      for (let k = 0; k < K; k++) {
        let s = w[k * stride + d];
        for (let j = 0; j < d; j++) s += w[k * stride + j] * X[i * d + j];
        z[k] = s;
        if (s > mx) mx = s;
      }
      let se = 0;
      for (let k = 0; k < K; k++) se += Math.exp(z[k] - mx);
      const lse = mx + Math.log(se);
      loss += lse - z[yk[i]];
      for (let k = 0; k < K; k++) {
        const r = Math.exp(z[k] - lse) - (k === yk[i] ? 1 : 0);
        for (let j = 0; j < d; j++) grad[k * stride + j] += r * X[i * d + j];
        grad[k * stride + d] += r;
      }
    }
    for (let k = 0; k < K; k++) {
      for (let j = 0; j < d; j++) {
        const v = w[k * stride + j];
        loss += 0.5 * lam * v * v;
        grad[k * stride + j] += lam * v;
      }
    }
    return loss;
  };
  const { x, iterations } = lbfgs(f, new Float64Array(K * stride));
  const coef = new Float64Array(K * d);
  const intercept = new Float64Array(K);
  for (let k = 0; k < K; k++) {
    coef.set(x.subarray(k * stride, k * stride + d), k * d);
    intercept[k] = x[k * stride + d];
  }
  return { classes, d, coef, intercept, iterations };
}

/** Class probabilities n × K in model.classes order (sklearn predict_proba). */
export function logisticProba(model: LogisticModel, X: Float64Array): Float64Array {
  const { d } = model;
  const n = X.length / d;
  const K = model.classes.length;
  const out = new Float64Array(n * K);
  for (let i = 0; i < n; i++) {
    if (K === 2) {
      let s = model.intercept[0];
      for (let j = 0; j < d; j++) s += model.coef[j] * X[i * d + j];
      const p = 1 / (1 + Math.exp(-s));
      out[i * 2] = 1 - p;
      out[i * 2 + 1] = p;
      continue;
    }
    let mx = -Infinity;
    for (let k = 0; k < K; k++) {
      let s = model.intercept[k];
      for (let j = 0; j < d; j++) s += model.coef[k * d + j] * X[i * d + j];
      out[i * K + k] = s;
      if (s > mx) mx = s;
    }
    let se = 0;
    for (let k = 0; k < K; k++) se += out[i * K + k] = Math.exp(out[i * K + k] - mx);
    for (let k = 0; k < K; k++) out[i * K + k] /= se;
  }
  return out;
}

import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fitLogistic, logisticProba } from '../../../src/core/evaluation/logisticRegression';
import { classificationReport, summarizeReports } from '../../../src/core/evaluation/metrics';
import { congruence, epochCovariance, invsqrtm, jacobiEigen, logm, riemannMean, symmetricEigen, tangentVector } from '../../../src/core/evaluation/riemann';
import { fitTangentSpaceLr, tangentSpaceLrProba } from '../../../src/core/evaluation/tangentSpaceLr';
import { cspLdaScores, fitCspLda, subset } from '../../../src/core/evaluation/cspLda';
import { readRecording } from '../../../src/core/io/read';
import { Study } from '../../../src/core/study/study';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { XBrainError } from '../../../src/core/errors';
import { repoRoot, testDataDir } from '../helpers/paths';

/*
 * Reference values from Debian's /usr/bin/python3 (numpy, sklearn 1.2.1; pyriemann's algorithms written out with
 * numpy.linalg.eigh as pyriemann does), produced by:
 *
 * import numpy as np, json
 * from sklearn.covariance import oas
 * C, T, N = 4, 200, 6
 * # x[e, c, t] = sin(0.37 (c+1)(t+1) + e) + 0.5 cos(0.11 t (e+1)) * (c == e % C) + 0.05 c
 * e, c, t = np.meshgrid(np.arange(N), np.arange(C), np.arange(T), indexing='ij')
 * src = np.sin(0.37 * (c + 1) * (t + 1) + e) + 0.5 * np.cos(0.11 * t * (e + 1)) * (c == e % C)
 * A = np.array([[1, 0.8, 0, 0.1], [0.5, 2, 0.3, 0], [0, 0.4, 3, 0.9], [0.2, 0, 0.6, 0.5]])
 * x = np.einsum('ij,ejt->eit', A, src) + 0.05 * c
 * covs = np.array([oas(x[i].T)[0] for i in range(N)])
 * def fn(A, f):
 *     w, v = np.linalg.eigh(A); return (v * f(w)) @ v.T
 * def mean_riemann(cs, tol=1e-8, maxiter=50):
 *     Cm = cs.mean(0); nu = 1.0; tau = np.finfo(float).max; crit = tau; k = 0
 *     while crit > tol and k < maxiter and nu > tol:
 *         k += 1
 *         C12 = fn(Cm, np.sqrt); Cm12 = fn(Cm, lambda w: 1/np.sqrt(w))
 *         J = np.mean([fn(Cm12 @ M @ Cm12, np.log) for M in cs], 0)
 *         Cm = C12 @ fn(nu * J, np.exp) @ C12
 *         crit = np.linalg.norm(J, 'fro'); h = nu * crit
 *         if h < tau: nu *= 0.95; tau = h
 *         else: nu *= 0.5
 *     return Cm
 * M = mean_riemann(covs)
 * Mi = fn(M, lambda w: 1/np.sqrt(w))
 * iu = np.triu_indices(C)
 * coeffs = (np.sqrt(2) * np.triu(np.ones((C, C)), 1) + np.eye(C))[iu]
 * ts = np.array([coeffs * fn(Mi @ S @ Mi, np.log)[iu] for S in covs])
 *
 * out = covs[0], covs[5] (sklearn oas), M (Riemannian mean), ts[0], ts[3] (tangent vectors), eigvalsh(covs[2]),
 * lr2/lr3: the exact minimiser of sklearn's objective, from this second snippet (sklearn's default fit agrees to its tol):
 *
 * import numpy as np, json
 * from scipy.optimize import minimize
 * from sklearn.linear_model import LogisticRegression
 * F = np.array([[np.sin(i * 0.7 + j) + 0.3 * (i % 3) * (j == 1) for j in range(3)] for i in range(12)])
 * def exact(y, K):
 *     # sklearn's objective Σ log-loss + ‖W‖²/2 (C = 1), minimised to gtol 1e-13 with BFGS
 *     Y = np.eye(K)[y]
 *     def f(v):
 *         W = v.reshape(-1, 4) if K > 2 else v.reshape(1, 4)
 *         Z = F @ W[:, :3].T + W[:, 3]
 *         if K == 2:
 *             z = Z[:, 0]; p = 1 / (1 + np.exp(-z)); r = (p - y)[:, None]
 *             loss = np.sum(np.logaddexp(0, z) - y * z)
 *         else:
 *             lse = np.log(np.exp(Z - Z.max(1, keepdims=True)).sum(1)) + Z.max(1)
 *             loss = np.sum(lse - (Z * Y).sum(1)); r = np.exp(Z - lse[:, None]) - Y
 *         G = np.c_[r.T @ F + W[:, :3], r.sum(0)]
 *         return loss + 0.5 * np.sum(W[:, :3] ** 2), G.ravel()
 *     v = minimize(f, np.zeros((K if K > 2 else 1) * 4), jac=True, method='BFGS', options=dict(gtol=1e-13)).x.reshape(-1, 4)
 *     sk = LogisticRegression().fit(F, y)
 *     assert np.abs(sk.coef_ - v[:, :3]).max() < 1e-4, 'sklearn default agrees'
 *     Z = F[:2] @ v[:, :3].T + v[:, 3]
 *     P = np.c_[1 / (1 + np.exp(Z)), 1 / (1 + np.exp(-Z))] if K == 2 else np.exp(Z) / np.exp(Z).sum(1, keepdims=True)
 *     return dict(coef=v[:, :3].ravel().tolist(), intercept=v[:, 3].tolist(), proba=P.ravel().tolist(), skdiff=float(np.abs(sk.coef_ - v[:, :3]).max()))
 * print(json.dumps(dict(lr2=exact(np.array([0, 1] * 6), 2), lr3=exact(np.array([0, 1, 2] * 4), 3))))
 */
const C = 4,
  T = 200,
  N = 6;
function epochs(): Float64Array {
  const A = [
    [1, 0.8, 0, 0.1],
    [0.5, 2, 0.3, 0],
    [0, 0.4, 3, 0.9],
    [0.2, 0, 0.6, 0.5],
  ];
  const x = new Float64Array(N * C * T);
  for (let e = 0; e < N; e++) {
    for (let t = 0; t < T; t++) {
      const src = Array.from({ length: C }, (_, c) => Math.sin(0.37 * (c + 1) * (t + 1) + e) + 0.5 * Math.cos(0.11 * t * (e + 1)) * (c === e % C ? 1 : 0));
      for (let i = 0; i < C; i++) x[(e * C + i) * T + t] = A[i].reduce((s, a, j) => s + a * src[j], 0) + 0.05 * i;
    }
  }
  return x;
}
const F = Array.from({ length: 12 }, (_, i) => Array.from({ length: 3 }, (_, j) => Math.sin(i * 0.7 + j) + 0.3 * (i % 3) * (j === 1 ? 1 : 0)));

const REF = {
  cov0: [
    0.9945019090681613, 1.071881621907067, 0.16773933869322058, 0.14406780118707269, 1.071881621907067, 2.178935725871326, 0.777120943259751,
    0.1374472932076331, 0.16773933869322058, 0.777120943259751, 4.880124835598917, 1.0826763049299593, 0.14406780118707269, 0.1374472932076331,
    1.0826763049299593, 0.3786119372318914,
  ],
  cov5: [
    0.950728725294455, 1.262516379753708, 0.2193814136510368, 0.11010871057240894, 1.262516379753708, 2.8450303087641964, 0.912923504517981,
    0.11478577123764053, 0.2193814136510368, 0.912923504517981, 4.845499070750598, 1.062150805121133, 0.11010871057240894, 0.11478577123764053,
    1.062150805121133, 0.37338165105408544,
  ],
  mean: [
    0.919390092032768, 1.0889721382602484, 0.18130328700458975, 0.12285490288766207, 1.0889721382602486, 2.3365969018839987, 0.8214754013660469,
    0.12512955349554364, 0.18130328700458992, 0.8214754013660474, 5.024990643420101, 1.1119862242290046, 0.12285490288766211, 0.12512955349554372,
    1.1119862242290046, 0.3838528803876572,
  ],
  ts0: [
    0.13695096934985684, -0.01949685996225812, -0.009102323493519157, 0.04154890265744678, -0.0853644874053689, -0.003245257148605023, 0.012225174975746014,
    -0.02894398033710414, 0.0001288381008207286, -0.019169316410855654,
  ],
  ts3: [
    -0.07669594611472746, -0.0057840847757998455, 0.00096267029592652, 0.014981212104839034, -0.08761086143416585, -0.0067044150268570114,
    -0.015568184806569626, -0.027376368309815644, 0.03866719205976598, 0.042654226405438256,
  ],
  eig: [0.08558283605753525, 0.33369385331713586, 2.482875895720476, 6.3595642882456715],
  lr2: {
    coef: [0.12800129071666028, -0.029983827504205116, -0.1419847891058194],
    intercept: [0.010273781579161147],
    proba: [0.5359536248032197, 0.4640463751967803, 0.5016689987973807, 0.4983310012026193],
  },
  lr3: {
    coef: [
      0.13256453634346238, -0.5448608935737066, 0.4148948998512258, 0.024131509581256552, 0.03234744422728438, 0.016058684315474445, -0.1566960459247191,
      0.5125134493464217, -0.4309535841667003,
    ],
    intercept: [0.2072127338319128, 0.002107900739633089, -0.20932063457154834],
    proba: [0.3752248582831276, 0.3456628780565774, 0.2791122636602949, 0.26014824749734367, 0.3512146126261223, 0.3886371398765339],
  },
};

const close = (got: ArrayLike<number>, want: readonly number[], tol: number): void => {
  expect(got.length).toBe(want.length);
  for (let i = 0; i < want.length; i++) expect(Math.abs(got[i] - want[i])).toBeLessThan(tol);
};

describe('Riemannian pieces against numpy / sklearn', () => {
  const x = epochs();
  const covs = Array.from({ length: N }, (_, e) => epochCovariance(x, e * C * T, C, T, 'oas'));

  it('OAS covariance per epoch equals sklearn.covariance.oas', () => {
    close(covs[0], REF.cov0, 1e-12);
    close(covs[5], REF.cov5, 1e-12);
  });

  it('Jacobi eigenvalues equal numpy.linalg.eigvalsh and V diag(λ) Vᵀ rebuilds the matrix', () => {
    const { values, vectors } = jacobiEigen(covs[2], C);
    close(
      Array.from(values).sort((a, b) => a - b),
      REF.eig,
      1e-12,
    );
    for (let i = 0; i < C; i++)
      for (let j = 0; j < C; j++) {
        let s = 0;
        for (let k = 0; k < C; k++) s += vectors[i * C + k] * values[k] * vectors[j * C + k];
        expect(Math.abs(s - covs[2][i * C + j])).toBeLessThan(1e-12);
      }
  });

  it('the Householder + QL eigendecomposition equals numpy and Jacobi, up to 64 channels', () => {
    const b = symmetricEigen(covs[2], C);
    close(b.values, REF.eig, 1e-12);
    for (const n of [1, 2, 17, 64]) {
      const y = Float64Array.from({ length: n * 300 }, (_, i) => Math.sin(i * 0.37) + Math.sin(i * 1.7 + (i % 7)) + ((i * 7919) % 13) / 13);
      const cov = epochCovariance(y, 0, n, 300, 'scm');
      const q = symmetricEigen(cov, n);
      const j = jacobiEigen(cov, n);
      close(
        q.values,
        Array.from(j.values).sort((p, r) => p - r),
        1e-12 * n,
      );
      for (let i = 0; i < n; i++)
        for (let k = 0; k < n; k++) {
          let s = 0;
          for (let m = 0; m < n; m++) s += q.vectors[i * n + m] * q.values[m] * q.vectors[k * n + m];
          expect(Math.abs(s - cov[i * n + k])).toBeLessThan(1e-12);
        }
    }
  });

  it('the Riemannian mean equals pyriemann mean_riemann and is a fixed point (Σ logm(M^-½ Cᵢ M^-½) = 0)', () => {
    const M = riemannMean(covs, C);
    close(M, REF.mean, 1e-9);
    const Mi = invsqrtm(M, C);
    const J = new Float64Array(C * C);
    for (const S of covs) logm(congruence(Mi, S, C), C).forEach((v, i) => (J[i] += v));
    for (const v of J) expect(Math.abs(v)).toBeLessThan(1e-7);
  });

  it('tangent vectors (upper triangle, √2 off-diagonal) equal pyriemann TangentSpace', () => {
    const Mi = invsqrtm(riemannMean(covs, C), C);
    close(tangentVector(covs[0], Mi, C), REF.ts0, 1e-9);
    close(tangentVector(covs[3], Mi, C), REF.ts3, 1e-9);
  });

  it('logistic regression (C = 1, L2) reaches the optimum of the sklearn LogisticRegression objective, binary and multinomial', () => {
    const X = Float64Array.from(F.flat());
    const m2 = fitLogistic(
      X,
      3,
      Array.from({ length: 12 }, (_, i) => i % 2),
    );
    close(m2.coef, REF.lr2.coef, 1e-9);
    close(m2.intercept, REF.lr2.intercept, 1e-9);
    close(logisticProba(m2, X.slice(0, 6)), REF.lr2.proba, 1e-9);
    const m3 = fitLogistic(
      X,
      3,
      Array.from({ length: 12 }, (_, i) => i % 3),
    );
    close(m3.coef, REF.lr3.coef, 1e-9);
    close(m3.intercept, REF.lr3.intercept, 1e-9);
    close(logisticProba(m3, X.slice(0, 6)), REF.lr3.proba, 1e-9);
  });

  it('refuses a single class and a rank-deficient covariance with typed errors', () => {
    expect(() => fitLogistic(new Float64Array([1, 2]), 1, [0, 0])).toThrow(XBrainError);
    const flat = new Float64Array(2 * 2 * 10);
    for (let t = 0; t < 10; t++) flat[t] = Math.sin(t); // channel 2 is flat: singular covariance (scm)
    expect(() => fitTangentSpaceLr({ data: flat, n: 2, nChannels: 2, nTimes: 10 }, [0, 1], { estimator: 'scm' })).toThrow(/positive definite/);
  });
});

describe('TS+LR on PhysioNet S001 (real EDF files)', () => {
  it('runs 10/14 (imagined fists vs feet), 8–30 Hz, 0.5–2.5 s, 5-fold by trial: far above chance like CSP+LDA', async () => {
    const study = new Study();
    const recordings = await Promise.all(['S001R10.edf', 'S001R14.edf'].map((f) => readRecording(join(testDataDir, f))));
    study.commit({ recordings, loadedEvents: recordings.map((r) => r.events) }, ['recordings']);
    const reg = new ToolRegistry();
    const ctx = { study, env: { workspace: mkdtempSync(join(tmpdir(), 'xb-tslr-')), packageRoot: repoRoot, trusted: true } };
    for (const [tool, args] of [
      ['apply_bandpass_filter', { low_freq: 8, high_freq: 30 }],
      ['epoch_data', { t_min: 0.5, t_max: 2.5, event_id: ['T1', 'T2'], baseline: null }],
      ['generate_dataset', { test_ratio: 0.2, val_ratio: 0, split_strategy: 'trial', training_mode: 'group', unit: 'kfold', folds: 5 }],
    ] as const) {
      const r = await reg.invoke(tool, args as Record<string, unknown>, ctx);
      if (r.type === 'error') throw new Error(`${tool}: ${r.content}`);
    }
    const e = study.state.epochs!;
    const ts = [];
    const csp = [];
    for (const sp of study.state.dataset!.splits) {
      const train = subset(e.data, e.nChannels, e.nTimes, sp.train);
      const test = subset(e.data, e.nChannels, e.nTimes, sp.test);
      const yTrain = Array.from(sp.train, (i) => e.labels[i]);
      const yTest = Array.from(sp.test, (i) => e.labels[i]);
      const m = fitTangentSpaceLr(train, yTrain);
      ts.push(classificationReport(yTest, tangentSpaceLrProba(m, test), ['T1', 'T2'], { scoresAreProbabilities: true }));
      csp.push(classificationReport(yTest, cspLdaScores(fitCspLda(train, yTrain), test), ['T1', 'T2']));
    }
    const a = summarizeReports(ts).accuracy;
    const b = summarizeReports(csp).accuracy;
    console.log(`S001 R10+R14 5-fold accuracy: TS+LR ${a.mean.toFixed(3)} ± ${a.sd.toFixed(3)}, CSP+LDA ${b.mean.toFixed(3)} ± ${b.sd.toFixed(3)}`);
    expect(a.mean).toBeGreaterThanOrEqual(0.8);
    expect(b.mean).toBeGreaterThanOrEqual(0.8);
  }, 120_000);
});

// Euclidean alignment (He & Wu 2019): each group's epochs end with the identity as the mean of their spatial
// covariances, whatever the group's own mixing and scale; groups are aligned independently of each other.
import { describe, expect, it } from 'vitest';
import { euclideanAlign } from '../../../src/core/evaluation/alignment';
import { XBrainError } from '../../../src/core/errors';
import { Rng } from '../../../src/core/training/rng';

const C = 4;
const T = 200;

/** n epochs of white noise mixed by A (C × C) and scaled (volts-like). */
function mixed(n: number, A: number[][], scale: number, rng: Rng): Float32Array {
  const out = new Float32Array(n * C * T);
  const s = new Float64Array(C);
  for (let i = 0; i < n; i++)
    for (let t = 0; t < T; t++) {
      for (let c = 0; c < C; c++) s[c] = rng.normal();
      for (let a = 0; a < C; a++) {
        let v = 0;
        for (let b = 0; b < C; b++) v += A[a][b] * s[b];
        out[(i * C + a) * T + t] = scale * v;
      }
    }
  return out;
}

/** Mean over epochs idx of X Xᵀ / T (channels centred per epoch). */
function meanCov(x: Float32Array, idx: number[]): number[][] {
  const R = Array.from({ length: C }, () => new Array<number>(C).fill(0));
  for (const i of idx) {
    const m = Array.from({ length: C }, (_, c) => x.subarray((i * C + c) * T, (i * C + c + 1) * T).reduce((a, v) => a + v, 0) / T);
    for (let a = 0; a < C; a++)
      for (let b = 0; b < C; b++) {
        let s = 0;
        for (let t = 0; t < T; t++) s += (x[(i * C + a) * T + t] - m[a]) * (x[(i * C + b) * T + t] - m[b]);
        R[a][b] += s / T / idx.length;
      }
  }
  return R;
}

describe('euclideanAlign', () => {
  it('maps each group to identity mean covariance, fitted on that group only', () => {
    const rng = new Rng(4);
    const A1 = [
      [1, 0.5, 0, 0],
      [0, 1, 0.3, 0],
      [0.2, 0, 1, 0],
      [0, 0, 0.4, 2],
    ];
    const A2 = [
      [3, 0, 0, 1],
      [0, 0.5, 0, 0],
      [1, 0, 2, 0],
      [0, 0.7, 0, 1],
    ];
    const x = new Float32Array(20 * C * T);
    x.set(mixed(10, A1, 1e-5, rng), 0);
    x.set(mixed(10, A2, 3e-6, rng), 10 * C * T);
    const group = (i: number): string => (i < 10 ? 'S1' : 'S2');
    const before = meanCov(x, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(before[3][3]).toBeLessThan(1e-8); // volts
    const { data, groups } = euclideanAlign(x, 20, C, T, group);
    expect([...groups]).toEqual([
      ['S1', 10],
      ['S2', 10],
    ]);
    for (const idx of [
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      [10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
    ]) {
      const R = meanCov(data, idx);
      for (let a = 0; a < C; a++) for (let b = 0; b < C; b++) expect(R[a][b]).toBeCloseTo(a === b ? 1 : 0, 3);
    }
    // a group's transform does not depend on the other groups' epochs
    const alone = euclideanAlign(x.slice(0, 10 * C * T), 10, C, T, () => 'S1').data;
    for (let k = 0; k < alone.length; k += 97) expect(data[k]).toBeCloseTo(alone[k], 4);
  });

  it('refuses a flat group with a typed error', () => {
    expect(() => euclideanAlign(new Float32Array(2 * C * T), 2, C, T, () => 'S1')).toThrow(XBrainError);
  });
});

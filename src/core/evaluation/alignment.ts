/**
 * Euclidean alignment (He & Wu 2019, IEEE TBME 67(2):399–410) of the epochs the model families of a protocol train
 * and are tested on.
 *
 * Why: a network trained on several subjects pooled and tested on another sees each subject's epochs with that
 * subject's own spatial covariance (head, cap placement, impedances, amplitude): the test subject's inputs come from
 * another distribution, and cross-subject EEGNet ends at chance. Euclidean alignment maps every group's epochs
 * (a subject, or a subject's session) so that the arithmetic mean of their spatial covariances is the identity:
 * X̃ᵢ = R̄^-½ Xᵢ with R̄ = mean over the group's epochs of Xᵢ Xᵢᵀ / T. It is fitted on each group's own epochs
 * without their labels, so the held-out subject's alignment uses its unlabelled epochs only (the transductive setting
 * of the paper; no label of a test epoch informs anything). The transform is linear and the same whatever trains
 * afterwards: the protocol aligns the epochs once and the local and pytorch trainers both read the aligned arrays.
 */
import { XBrainError } from '../errors';
import { symmetricEigen } from './riemann';

export const ALIGNMENTS = ['none', 'euclidean'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

/** Eigenvalues below this fraction of the mean eigenvalue are raised to it (an average reference loses one rank). */
const FLOOR = 1e-6;

/** The running sum of one group's Xᵢ Xᵢᵀ (channels centred per epoch), epoch after epoch, and its R̄^-½. */
export class GroupCovariance {
  private readonly R: Float64Array;
  private readonly centred: Float64Array;
  private n = 0;

  constructor(
    readonly C: number,
    readonly T: number,
  ) {
    this.R = new Float64Array(C * C);
    this.centred = new Float64Array(C * T);
  }

  /** Adds the epoch at `off` of `data` (C × T). */
  add(data: ArrayLike<number>, off: number): void {
    const { C, T, R, centred } = this;
    for (let c = 0; c < C; c++) {
      let s = 0;
      for (let t = 0; t < T; t++) s += data[off + c * T + t];
      const m = s / T;
      for (let t = 0; t < T; t++) centred[c * T + t] = data[off + c * T + t] - m;
    }
    for (let a = 0; a < C; a++) {
      const oa = a * T;
      for (let b = a; b < C; b++) {
        const ob = b * T;
        let s = 0;
        for (let t = 0; t < T; t++) s += centred[oa + t] * centred[ob + t];
        R[a * C + b] += s;
      }
    }
    this.n++;
  }

  /** R̄^-½ of the epochs added, inverted with a floor on the eigenvalues so a rank-deficient montage stays finite. */
  matrix(): Float64Array {
    const { C, T } = this;
    if (this.n === 0) throw new XBrainError('invalid_state', 'euclidean alignment of a group without epochs');
    const R = Float64Array.from(this.R);
    const scale = 1 / (this.n * T);
    for (let a = 0; a < C; a++) for (let b = a; b < C; b++) R[b * C + a] = R[a * C + b] = R[a * C + b] * scale;
    const { values, vectors } = symmetricEigen(R, C);
    let mean = 0;
    for (let i = 0; i < C; i++) mean += values[i] / C;
    if (!(mean > 0) || !Number.isFinite(mean)) {
      throw new XBrainError('invalid_state', 'euclidean alignment: the epochs of a group are flat (zero covariance); drop the flat channels first');
    }
    const inv = Array.from(values, (v) => 1 / Math.sqrt(Math.max(v, FLOOR * mean)));
    const P = new Float64Array(C * C);
    for (let i = 0; i < C; i++) {
      for (let j = i; j < C; j++) {
        let s = 0;
        for (let k = 0; k < C; k++) s += vectors[i * C + k] * inv[k] * vectors[j * C + k];
        P[i * C + j] = P[j * C + i] = s;
      }
    }
    return P;
  }
}

/**
 * R̄^-½ of one group: the mean of Xᵢ Xᵢᵀ / T over its epochs (channels centred per epoch), inverted with a floor on
 * the eigenvalues so a rank-deficient montage stays finite.
 */
export function alignmentMatrix(data: ArrayLike<number>, idx: ArrayLike<number>, C: number, T: number): Float64Array {
  const acc = new GroupCovariance(C, T);
  for (let k = 0; k < idx.length; k++) acc.add(data, idx[k] * C * T);
  return acc.matrix();
}

/** P · X of the epoch at `from` of `src` into `out` at `to` (C × T each); `row` is a scratch row of T. */
function alignEpoch(P: Float64Array, src: ArrayLike<number>, from: number, out: Float32Array, to: number, C: number, T: number, row: Float64Array): void {
  for (let a = 0; a < C; a++) {
    row.fill(0);
    for (let b = 0; b < C; b++) {
      const p = P[a * C + b];
      const ob = from + b * T;
      for (let t = 0; t < T; t++) row[t] += p * src[ob + t];
    }
    out.set(row, to + a * T);
  }
}

/**
 * A copy of n × C × T epochs with every group aligned by its own R̄^-½ (`groupOf(i)` names epoch i's group).
 * Returns the aligned data and the groups' sizes.
 */
export function euclideanAlign(
  data: Float32Array,
  nEpochs: number,
  C: number,
  T: number,
  groupOf: (i: number) => string,
): { data: Float32Array; groups: Map<string, number> } {
  const members = new Map<string, number[]>();
  for (let i = 0; i < nEpochs; i++) {
    const g = groupOf(i);
    if (!members.has(g)) members.set(g, []);
    members.get(g)!.push(i);
  }
  const out = new Float32Array(nEpochs * C * T);
  const row = new Float64Array(T);
  for (const idx of members.values()) {
    const P = alignmentMatrix(data, idx, C, T);
    for (const i of idx) alignEpoch(P, data, i * C * T, out, i * C * T, C, T, row);
  }
  return { data: out, groups: new Map([...members].map(([g, idx]) => [g, idx.length])) };
}

/**
 * {@link euclideanAlign} of epochs given block by block (`blocks()` yields the same blocks in the same order each time
 * it is called: {@link epochChunks} of a disk-backed set): one pass sums each group's covariance, a second aligns
 * each block and hands it to `write` (valid until `write` returns). Memory: one block in, one out, a C × C matrix per
 * group; the samples are those of euclideanAlign on the whole array.
 */
export function euclideanAlignBlocks(
  blocks: () => Iterable<{ block: Float32Array; start: number; count: number }>,
  C: number,
  T: number,
  groupOf: (i: number) => string,
  write: (aligned: Float32Array) => void,
): { groups: Map<string, number> } {
  const per = C * T;
  const sums = new Map<string, GroupCovariance>();
  const counts = new Map<string, number>();
  for (const { block, start, count } of blocks()) {
    for (let k = 0; k < count; k++) {
      const g = groupOf(start + k);
      let acc = sums.get(g);
      if (!acc) sums.set(g, (acc = new GroupCovariance(C, T)));
      acc.add(block, k * per);
      counts.set(g, (counts.get(g) ?? 0) + 1);
    }
  }
  const P = new Map([...sums].map(([g, acc]) => [g, acc.matrix()]));
  const row = new Float64Array(T);
  let out = new Float32Array(0);
  for (const { block, start, count } of blocks()) {
    if (out.length < count * per) out = new Float32Array(count * per);
    for (let k = 0; k < count; k++) alignEpoch(P.get(groupOf(start + k))!, block, k * per, out, k * per, C, T, row);
    write(out.subarray(0, count * per));
  }
  return { groups: counts };
}

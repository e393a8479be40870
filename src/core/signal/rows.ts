/**
 * The numerics applied to sets of rows (one row = one channel of a recording, or one channel of one epoch). Every
 * function reads its input rows and writes into caller-provided output rows, so the caller decides the memory
 * layout (one array per channel for raw data, views into one contiguous buffer for epochs) and no extra copy is made.
 * Computation is in float64; storage is whatever the output rows are (float32 in the Study).
 */
import type { FirDesign } from './firDesign';
import { firFilterPair, firKernel, type FirKernel } from './firApply';
import { sosfiltZi, type IirDesign } from './iir';
import { XBrainError } from '../errors';
import { resamplePair, resamplePlan, resampleScratch } from './resample';
import { normalizeSegment, type NormalizeMethod } from './normalize';

export type Row = Float32Array | Float64Array;

/** Zero-phase FIR (MNE overlap-add semantics); rows of equal length share one kernel. */
export function firRows(input: readonly Row[], output: readonly Row[], design: Pick<FirDesign, 'taps'>): void {
  const kernels = new Map<number, FirKernel>();
  const kernelFor = (n: number) => {
    let k = kernels.get(n);
    if (!k) {
      k = firKernel(design.taps, n);
      kernels.set(n, k);
    }
    return k;
  };
  for (let c = 0; c < input.length; c += 2) {
    const a = input[c],
      b = c + 1 < input.length ? input[c + 1] : null;
    // a pair shares one complex FFT only when both rows have the same length
    if (b && b.length === a.length) firFilterPair(a, b, kernelFor(a.length), output[c], output[c + 1]);
    else {
      firFilterPair(a, null, kernelFor(a.length), output[c], null);
      if (b) firFilterPair(b, null, kernelFor(b.length), output[c + 1], null);
    }
  }
}

/** Forward-backward Butterworth SOS (scipy sosfiltfilt, odd padding) with MNE's padlen capped at n − 1. */
export function iirRows(input: readonly Row[], output: readonly Row[], design: Pick<IirDesign, 'sos' | 'padlen'>): void {
  const zi = sosfiltZi(design.sos);
  let ext = new Float64Array(0),
    ext2 = new Float64Array(0);
  for (let c = 0; c < input.length; c += 2) {
    const x = input[c];
    const padlen = Math.min(design.padlen, x.length - 1);
    if (ext.length !== x.length + 2 * padlen) {
      ext = new Float64Array(x.length + 2 * padlen);
      ext2 = new Float64Array(ext.length);
    }
    const y = c + 1 < input.length ? input[c + 1] : null;
    if (y && y.length === x.length) sosfiltfiltPairInto(design.sos, x, y, padlen, zi, ext, ext2, output[c], output[c + 1]);
    else {
      sosfiltfiltInto(design.sos, x, padlen, zi, ext, output[c]);
      if (y) {
        const p2 = Math.min(design.padlen, y.length - 1);
        sosfiltfiltInto(design.sos, y, p2, zi, new Float64Array(y.length + 2 * p2), output[c + 1]);
      }
    }
  }
}

function oddExtendInto(x: ArrayLike<number>, padlen: number, ext: Float64Array): void {
  const n = x.length,
    x0 = x[0],
    xl = x[n - 1];
  for (let k = 0; k < padlen; k++) ext[k] = 2 * x0 - x[padlen - k];
  for (let i = 0; i < n; i++) ext[padlen + i] = x[i];
  for (let k = 0; k < padlen; k++) ext[padlen + n + k] = 2 * xl - x[n - 2 - k];
}

function normalizedSos(sos: readonly Float64Array[]): Float64Array {
  const ns = sos.length;
  const co = new Float64Array(5 * ns);
  for (let s = 0; s < ns; s++) {
    const inv = 1 / sos[s][3];
    co[5 * s] = sos[s][0] * inv;
    co[5 * s + 1] = sos[s][1] * inv;
    co[5 * s + 2] = sos[s][2] * inv;
    co[5 * s + 3] = sos[s][4] * inv;
    co[5 * s + 4] = sos[s][5] * inv;
  }
  return co;
}

/** Two channels of equal length at once: two independent recursions per step keep the CPU's pipelines busy. */
export function sosfiltfiltPairInto(
  sos: readonly Float64Array[],
  xa: ArrayLike<number>,
  xb: ArrayLike<number>,
  padlen: number,
  zi: Float64Array,
  ea: Float64Array,
  eb: Float64Array,
  outA: Row,
  outB: Row,
): void {
  const n = xa.length;
  if (n <= padlen)
    throw new XBrainError('invalid_arguments', `The length of the input vector x must be greater than padlen, which is ${padlen}.`, { parameter: 'padlen' });
  const len = n + 2 * padlen;
  oddExtendInto(xa, padlen, ea);
  oddExtendInto(xb, padlen, eb);
  const ns = sos.length;
  const co = normalizedSos(sos);
  const sa = new Float64Array(2 * ns),
    sb = new Float64Array(2 * ns);
  for (let pass = 0; pass < 2; pass++) {
    const first = pass === 0 ? 0 : len - 1;
    const a0 = ea[first],
      b0 = eb[first];
    for (let i = 0; i < 2 * ns; i++) {
      sa[i] = zi[i] * a0;
      sb[i] = zi[i] * b0;
    }
    const step = pass === 0 ? 1 : -1;
    for (let i = first, m = 0; m < len; m++, i += step) {
      let u = ea[i],
        v = eb[i];
      for (let s = 0, q = 0; s < ns; s++, q += 5) {
        const B0 = co[q],
          B1 = co[q + 1],
          B2 = co[q + 2],
          A1 = co[q + 3],
          A2 = co[q + 4];
        const j = 2 * s;
        const yu = B0 * u + sa[j];
        const yv = B0 * v + sb[j];
        sa[j] = B1 * u - A1 * yu + sa[j + 1];
        sb[j] = B1 * v - A1 * yv + sb[j + 1];
        sa[j + 1] = B2 * u - A2 * yu;
        sb[j + 1] = B2 * v - A2 * yv;
        u = yu;
        v = yv;
      }
      ea[i] = u;
      eb[i] = v;
    }
  }
  for (let i = 0; i < n; i++) {
    outA[i] = ea[padlen + i];
    outB[i] = eb[padlen + i];
  }
}

/**
 * scipy `sosfiltfilt(sos, x, padtype='odd', padlen)` written for speed: the odd extension goes into a reused
 * scratch array, every section runs in one pass per direction (the sections' recursions are independent per
 * sample, so the CPU overlaps them), and the backward pass walks the array from the end instead of reversing it.
 * Same arithmetic, in the same order, as sosfiltInPlace section by section.
 */
export function sosfiltfiltInto(sos: readonly Float64Array[], x: ArrayLike<number>, padlen: number, zi: Float64Array, ext: Float64Array, out: Row): void {
  const n = x.length;
  if (n <= padlen)
    throw new XBrainError('invalid_arguments', `The length of the input vector x must be greater than padlen, which is ${padlen}.`, { parameter: 'padlen' });
  const len = n + 2 * padlen;
  oddExtendInto(x, padlen, ext);
  const ns = sos.length;
  const co = normalizedSos(sos);
  const st = new Float64Array(2 * ns);
  // forward, then backward from the end
  for (let pass = 0; pass < 2; pass++) {
    const first = pass === 0 ? 0 : len - 1;
    const e0 = ext[first];
    for (let i = 0; i < 2 * ns; i++) st[i] = zi[i] * e0;
    const step = pass === 0 ? 1 : -1;
    for (let i = first, m = 0; m < len; m++, i += step) {
      let v = ext[i];
      for (let s = 0, q = 0; s < ns; s++, q += 5) {
        const y = co[q] * v + st[2 * s];
        st[2 * s] = co[q + 1] * v - co[q + 3] * y + st[2 * s + 1];
        st[2 * s + 1] = co[q + 2] * v - co[q + 4] * y;
        v = y;
      }
      ext[i] = v;
    }
  }
  for (let i = 0; i < n; i++) out[i] = ext[padlen + i];
}

/** MNE FFT resample (npad = 100, boxcar, reflect_limited) from `down` to `up` samples per second. */
export function resampleRows(input: readonly Row[], output: readonly Row[], up: number, down: number, npad = 100): void {
  if (input.length === 0) return;
  const plan = resamplePlan(input[0].length, up, down, npad);
  const scratch = resampleScratch(plan);
  for (let c = 0; c < input.length; c += 2) {
    const b = c + 1 < input.length ? input[c + 1] : null;
    resamplePair(input[c], b, plan, output[c], b ? output[c + 1] : null, scratch);
  }
}

/** Output length of resampleRows for an input of n samples. */
export function resampledLength(n: number, up: number, down: number, npad = 100): number {
  return resamplePlan(n, up, down, npad).nOut;
}

/**
 * MNE's stim-channel resampling (`_resample_stim_channels`): every non-zero run start moves to round(i·ratio) and
 * keeps its value until the next change, so trigger codes are never smeared by the FFT.
 */
export function resampleStimRow(x: Row, out: Row, ratio: number): void {
  out.fill(0);
  const n = x.length,
    m = out.length;
  let prev = 0;
  for (let i = 0; i < n; i++) {
    const v = x[i];
    if (v !== prev) {
      const j = Math.min(Math.round(i * ratio), m - 1);
      for (let k = j; k < m; k++) out[k] = v;
      prev = v;
    }
  }
}

/** Subtract the mean of `refRows` at every sample from each row of `apply`; other rows are copied (every output sample is written). */
export function referenceRows(input: readonly Row[], output: readonly Row[], refIdx: readonly number[], apply: ReadonlySet<number>): void {
  const n = input.length ? input[0].length : 0;
  const ref = new Float64Array(n);
  // four rows per sweep: a quarter of the passes over `ref`, same float64 sums per sample (in row order)
  let j = 0;
  for (; j + 4 <= refIdx.length; j += 4) {
    const a = input[refIdx[j]],
      b = input[refIdx[j + 1]],
      c = input[refIdx[j + 2]],
      d = input[refIdx[j + 3]];
    for (let i = 0; i < n; i++) ref[i] = ref[i] + a[i] + b[i] + c[i] + d[i];
  }
  for (; j < refIdx.length; j++) {
    const row = input[refIdx[j]];
    for (let i = 0; i < n; i++) ref[i] += row[i];
  }
  const inv = 1 / refIdx.length;
  for (let i = 0; i < n; i++) ref[i] *= inv;
  for (let c = 0; c < input.length; c++) {
    const x = input[c],
      y = output[c];
    if (!apply.has(c)) {
      y.set(x);
      continue;
    }
    for (let i = 0; i < n; i++) y[i] = x[i] - ref[i];
  }
}

/** Per-row z-score or min-max (XBrainLab: per channel over time for raw, per trial × channel for epochs). */
export function normalizeRows(input: readonly Row[], output: readonly Row[], method: NormalizeMethod): void {
  for (let c = 0; c < input.length; c++) {
    // normalizeSegment writes at the same offsets it reads, so output rows are the same length as the input
    const x = input[c];
    const tmp = output[c];
    normalizeSegment(x, tmp, 0, x.length, method);
  }
}

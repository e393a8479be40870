/**
 * The numerics applied to sets of rows (one row = one channel of a recording, or one channel of one epoch). Every
 * function reads its input rows and writes into caller-provided output rows, so the caller decides the memory
 * layout (one array per channel for raw data, views into one contiguous buffer for epochs) and no extra copy is made.
 * Computation is in float64; storage is whatever the output rows are (float32 in the Study).
 */
import type { FirDesign } from './firDesign';
import { firFilterPair, firKernel, type FirKernel } from './firApply';
import { sosfiltfilt, sosfiltZi, type IirDesign } from './iir';
import { resamplePair, resamplePlan } from './resample';
import { normalizeSegment, type NormalizeMethod } from './normalize';

export type Row = Float32Array | Float64Array;

/** Zero-phase FIR (MNE overlap-add semantics); rows of equal length share one kernel. */
export function firRows(input: readonly Row[], output: readonly Row[], design: FirDesign): void {
  const kernels = new Map<number, FirKernel>();
  const kernelFor = (n: number) => {
    let k = kernels.get(n);
    if (!k) { k = firKernel(design.taps, n); kernels.set(n, k); }
    return k;
  };
  for (let c = 0; c < input.length; c += 2) {
    const a = input[c], b = c + 1 < input.length ? input[c + 1] : null;
    // a pair shares one complex FFT only when both rows have the same length
    if (b && b.length === a.length) firFilterPair(a, b, kernelFor(a.length), output[c], output[c + 1]);
    else {
      firFilterPair(a, null, kernelFor(a.length), output[c], null);
      if (b) firFilterPair(b, null, kernelFor(b.length), output[c + 1], null);
    }
  }
}

/** Forward-backward Butterworth SOS (scipy sosfiltfilt, odd padding) with MNE's padlen capped at n − 1. */
export function iirRows(input: readonly Row[], output: readonly Row[], design: IirDesign): void {
  const zi = sosfiltZi(design.sos);
  for (let c = 0; c < input.length; c++) {
    const x = input[c];
    const padlen = Math.min(design.padlen, x.length - 1);
    output[c].set(sosfiltfilt(design.sos, x, padlen, zi));
  }
}

/** MNE FFT resample (npad = 100, boxcar, reflect_limited) from `down` to `up` samples per second. */
export function resampleRows(input: readonly Row[], output: readonly Row[], up: number, down: number, npad = 100): void {
  if (input.length === 0) return;
  const plan = resamplePlan(input[0].length, up, down, npad);
  for (let c = 0; c < input.length; c += 2) {
    const b = c + 1 < input.length ? input[c + 1] : null;
    resamplePair(input[c], b, plan, output[c], b ? output[c + 1] : null);
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
  const n = x.length, m = out.length;
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

/** Subtract the mean of `refRows` at every sample from each row of `apply`; other rows are copied. */
export function referenceRows(input: readonly Row[], output: readonly Row[], refIdx: readonly number[], apply: ReadonlySet<number>): void {
  const n = input.length ? input[0].length : 0;
  const ref = new Float64Array(n);
  for (const r of refIdx) {
    const row = input[r];
    for (let i = 0; i < n; i++) ref[i] += row[i];
  }
  const inv = 1 / refIdx.length;
  for (let i = 0; i < n; i++) ref[i] *= inv;
  for (let c = 0; c < input.length; c++) {
    const x = input[c], y = output[c];
    if (!apply.has(c)) { y.set(x); continue; }
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

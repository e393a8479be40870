/**
 * MNE 1.3 `mne.filter.resample(x, up, down)` with its defaults (npad=100, window='boxcar', pad='reflect_limited'):
 * pad, rfft of the padded length, truncate or zero-extend the spectrum (Nyquist bin doubled when shortening, halved
 * when lengthening), scale by new/old length, irfft at the new length, trim. Two channels share one complex FFT.
 */
import { fftPlan } from './fft';
import { pyRound } from './numeric';
import { reflectLimitedPad } from './pad';

export interface ResamplePlan {
  ratio: number;
  nIn: number;
  /** output samples per channel: round(ratio · nIn) */
  nOut: number;
  npad: number;
  /** padded input length and its resampled length */
  oldLen: number;
  newLen: number;
  toRemove: [number, number];
}

export function resamplePlan(nIn: number, up: number, down: number, npad = 100): ResamplePlan {
  const ratio = up / down;
  const nOut = Math.max(pyRound(ratio * nIn), 1);
  const oldLen = nIn + 2 * npad;
  const newLen = Math.max(pyRound(ratio * oldLen), 1);
  const r0 = pyRound(ratio * npad);
  return { ratio, nIn, nOut, npad, oldLen, newLen, toRemove: [r0, newLen - nOut - r0] };
}

/** Work arrays of one plan, reusable across the pairs of a resampleRows call. */
export interface ResampleScratch {
  z: Float64Array;
  s: Float64Array;
}

export function resampleScratch(plan: ResamplePlan): ResampleScratch {
  return { z: new Float64Array(2 * plan.oldLen), s: new Float64Array(2 * plan.newLen) };
}

/** Write the reflect_limited-padded x into every other slot of z (from `offset`): the same values reflectLimitedPad gives. */
function padInto(x: ArrayLike<number>, npad: number, z: Float64Array, offset: number): void {
  const n = x.length;
  if (n <= npad + 1) {
    // short signal: zeros beyond the reflection, as MNE
    const p = reflectLimitedPad(x, npad, npad);
    for (let i = 0; i < p.length; i++) z[2 * i + offset] = p[i];
    return;
  }
  const x0 = x[0],
    xl = x[n - 1];
  let o = offset;
  for (let k = npad; k >= 1; k--, o += 2) z[o] = 2 * x0 - x[k];
  for (let i = 0; i < n; i++, o += 2) z[o] = x[i];
  for (let k = 0; k < npad; k++, o += 2) z[o] = 2 * xl - x[n - 2 - k];
}

/** Resample one or two channels; outputs have plan.nOut samples. */
export function resamplePair(
  a: ArrayLike<number>,
  b: ArrayLike<number> | null,
  plan: ResamplePlan,
  outA: { [i: number]: number },
  outB: { [i: number]: number } | null,
  scratch: ResampleScratch = resampleScratch(plan),
): void {
  const { oldLen: N, newLen: M, npad, nOut, toRemove } = plan;
  const { z, s } = scratch;
  padInto(a, npad, z, 0);
  if (b) padInto(b, npad, z, 1);
  else for (let i = 1; i < 2 * N; i += 2) z[i] = 0;
  fftPlan(N).forward(z);
  const shorter = M < N;
  const useLen = shorter ? M : N;
  const nyqBin = useLen % 2 === 0 ? useLen / 2 : -1;
  const nyqFactor = shorter ? 2 : 0.5;
  const scale = M / N; // boxcar window folded onto itself stays flat
  const half = Math.floor(M / 2);
  const lastIn = Math.floor(N / 2); // last rfft bin of the padded input
  s.fill(0);
  for (let k = 0; k <= Math.min(half, lastIn); k++) {
    // unpack the two real spectra from the shared complex one
    const kr = (N - k) % N;
    const zr = z[2 * k],
      zi = z[2 * k + 1],
      cr = z[2 * kr],
      ci = -z[2 * kr + 1];
    let x1r = (zr + cr) / 2,
      x1i = (zi + ci) / 2;
    let x2r = (zi - ci) / 2,
      x2i = -(zr - cr) / 2;
    let f = scale;
    if (k === nyqBin) f *= nyqFactor;
    x1r *= f;
    x1i *= f;
    x2r *= f;
    x2i *= f;
    // irfft ignores the imaginary part of DC and, for even M, of the Nyquist bin
    if (k === 0 || (M % 2 === 0 && k === M / 2)) {
      x1i = 0;
      x2i = 0;
    }
    // C = X1 + i·X2 at k, and conj(X1) + i·conj(X2) at M − k; stored conjugated, because the inverse transform is
    // conj(forward(conj(C))) / M and the outer conjugation and the 1/M are applied to the samples kept
    s[2 * k] = x1r - x2i;
    s[2 * k + 1] = -(x1i + x2r);
    if (k !== 0 && !(M % 2 === 0 && k === M / 2)) {
      const m = M - k;
      s[2 * m] = x1r + x2i;
      s[2 * m + 1] = -(-x1i + x2r);
    }
  }
  fftPlan(M).forward(s);
  const inv = 1 / M;
  const off = toRemove[0];
  for (let i = 0; i < nOut; i++) {
    // the same products FftPlan.inverse forms: re · (1/M), −im · (1/M)
    outA[i] = s[2 * (off + i)] * inv;
    if (outB) outB[i] = -s[2 * (off + i) + 1] * inv;
  }
}

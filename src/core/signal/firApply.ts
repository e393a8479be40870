/**
 * Zero-phase FIR filtering as MNE's `_overlap_add_filter` computes it: reflect_limited padding of
 * min(len(h), n) − 1 samples per edge, linear convolution, delay (len(h) − 1)/2 removed. The result is the exact
 * convolution, so the block size is ours to choose; two real channels share one complex FFT (h is real, so the real
 * and imaginary parts never mix).
 */
import { fftPlan } from './fft';
import { reflectLimitedPad } from './pad';

/** FFT length by MNE's cost rule over powers of two (multiplications + a penalty on long FFTs). */
export function chooseFftLength(nTaps: number, nx: number): number {
  const minFft = 2 * nTaps - 1;
  let best = 0, bestCost = Infinity;
  const hi = Math.max(Math.ceil(Math.log2(nx)), Math.ceil(Math.log2(minFft)));
  for (let e = Math.ceil(Math.log2(minFft)); e <= hi; e++) {
    const N = 2 ** e;
    const cost = Math.ceil(nx / (N - nTaps + 1)) * N * (e + 1) + 4e-5 * N * nx;
    if (cost < bestCost) { bestCost = cost; best = N; }
  }
  return best;
}

/** Precomputed spectrum of the taps for one FFT length. */
export interface FirKernel {
  taps: Float64Array;
  nfft: number;
  spectrum: Float64Array;
}

export function firKernel(taps: Float64Array, nTimes: number): FirKernel {
  const nEdge = Math.max(Math.min(taps.length, nTimes) - 1, 0);
  const nfft = chooseFftLength(taps.length, nTimes + 2 * nEdge);
  const spectrum = new Float64Array(2 * nfft);
  for (let i = 0; i < taps.length; i++) spectrum[2 * i] = taps[i];
  fftPlan(nfft).forward(spectrum);
  return { taps, nfft, spectrum };
}

/**
 * Filter one or two channels (b may be null) with the zero-phase FIR; writes into outA/outB (any numeric arrays of
 * the input length).
 */
export function firFilterPair(
  a: ArrayLike<number>, b: ArrayLike<number> | null, kernel: FirKernel,
  outA: { [i: number]: number; length: number }, outB: { [i: number]: number; length: number } | null,
): void {
  const n = a.length;
  const nh = kernel.taps.length;
  if (nh === 1) {
    for (let i = 0; i < n; i++) outA[i] = a[i] * kernel.taps[0];
    if (b && outB) for (let i = 0; i < n; i++) outB[i] = b[i] * kernel.taps[0];
    return;
  }
  const nEdge = Math.max(Math.min(nh, n) - 1, 0);
  const xa = reflectLimitedPad(a, nEdge, nEdge);
  const xb = b ? reflectLimitedPad(b, nEdge, nEdge) : null;
  const nx = xa.length;
  const { nfft, spectrum } = kernel;
  const plan = fftPlan(nfft);
  const L = nfft - nh + 1; // outputs per block (overlap-save)
  const shift = (nh - 1) / 2 + nEdge;
  const buf = new Float64Array(2 * nfft);
  // y[i] = Σ_k h[k] x_ext[i + shift − k]; block outputs i0..i0+L−1 need x_ext[i0 + shift − nh + 1 .. i0 + shift + L − 1]
  for (let i0 = 0; i0 < n; i0 += L) {
    const base = i0 + shift - nh + 1;
    for (let j = 0; j < nfft; j++) {
      const src = base + j;
      const inside = src >= 0 && src < nx;
      buf[2 * j] = inside ? xa[src] : 0;
      buf[2 * j + 1] = inside && xb ? xb[src] : 0;
    }
    plan.forward(buf);
    for (let k = 0; k < nfft; k++) {
      const xr = buf[2 * k], xi = buf[2 * k + 1], hr = spectrum[2 * k], hi = spectrum[2 * k + 1];
      buf[2 * k] = xr * hr - xi * hi;
      buf[2 * k + 1] = xr * hi + xi * hr;
    }
    plan.inverse(buf);
    const count = Math.min(L, n - i0);
    for (let j = 0; j < count; j++) {
      const src = 2 * (nh - 1 + j);
      outA[i0 + j] = buf[src];
      if (outB) outB[i0 + j] = buf[src + 1];
    }
  }
}

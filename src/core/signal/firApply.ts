/**
 * Zero-phase FIR filtering as MNE's `_overlap_add_filter` computes it: reflect_limited padding of
 * min(len(h), n) − 1 samples per edge, linear convolution, delay (len(h) − 1)/2 removed. The result is the exact
 * convolution, so the block size is ours to choose; two real channels share one complex FFT (h is real, so the real
 * and imaginary parts never mix).
 */
import { fftPlan } from './fft';
import { simdFftAvailable } from './fftSimd';
import { reflectLimitedPad } from './pad';

/** The left and right reflect_limited pads of x (nEdge samples each), as reflectLimitedPad would place them. */
function edges(x: ArrayLike<number>, nEdge: number): { left: Float64Array; right: Float64Array } {
  const n = x.length;
  if (n <= 2 * nEdge + 2) {
    const p = reflectLimitedPad(x, nEdge, nEdge);
    return { left: p.subarray(0, nEdge), right: p.subarray(nEdge + n) };
  }
  // pads depend only on the first and last nEdge + 1 samples
  const head = reflectLimitedPad(sliceOf(x, 0, nEdge + 1), nEdge, 0).subarray(0, nEdge);
  const tail = reflectLimitedPad(sliceOf(x, n - nEdge - 1, n), 0, nEdge).subarray(nEdge + 1);
  return { left: head, right: tail };
}

function sliceOf(x: ArrayLike<number>, from: number, to: number): Float64Array {
  const out = new Float64Array(to - from);
  for (let i = from; i < to; i++) out[i - from] = x[i];
  return out;
}

/** Precomputed spectrum of the taps for one FFT length. */
export interface FirKernel {
  taps: Float64Array;
  nfft: number;
  spectrum: Float64Array;
}

/**
 * Block FFT length for our overlap-save: the result is the exact convolution whatever the block, so pick the power
 * of two with the least work in this FFT. In JS a transform costs about one unit per point and radix-2 level, plus ~6
 * for the per-block copies and products. With the WebAssembly SIMD radix-8 pass (fftSimd.ts) a pass costs about
 * the same whatever its radix (a radix-8 pass in SIMD ≈ a radix-4 or radix-2 pass in JS), so the count of passes —
 * ⌈log8 N⌉ up to 2^18, radix 4 beyond (fft.ts's factorize) — plus ~1.5 for the copies (measured on the notch and band
 * pass filters at 160 and 250 Hz: 4096 points where the JS model chose 2048 or 8192, 10–20% faster).
 */
export function blockFftLength(nTaps: number, nx: number, simd = simdFftAvailable()): number {
  let best = 0,
    bestCost = Infinity;
  const hi = Math.max(Math.ceil(Math.log2(nx + nTaps)), Math.ceil(Math.log2(2 * nTaps - 1)));
  for (let e = Math.ceil(Math.log2(2 * nTaps - 1)); e <= hi; e++) {
    const N = 2 ** e;
    const perPoint = simd ? Math.ceil(e / (e <= 18 ? 3 : 2)) + 1.5 : e + 6;
    const cost = Math.ceil(nx / (N - nTaps + 1)) * N * perPoint;
    if (cost < bestCost) {
      bestCost = cost;
      best = N;
    }
  }
  return best;
}

export function firKernel(taps: Float64Array, nTimes: number): FirKernel {
  const nEdge = Math.max(Math.min(taps.length, nTimes) - 1, 0);
  const nfft = blockFftLength(taps.length, nTimes + 2 * nEdge);
  const spectrum = new Float64Array(2 * nfft);
  for (let i = 0; i < taps.length; i++) spectrum[2 * i] = taps[i];
  fftPlan(nfft).forward(spectrum);
  // the inverse transform is done as conj(FFT(conj(·)))/N: fold the 1/N into the kernel once
  const inv = 1 / nfft;
  for (let i = 0; i < spectrum.length; i++) spectrum[i] *= inv;
  return { taps, nfft, spectrum };
}

const recentKernels: { n: number; kernel: FirKernel }[] = [];
const sameTaps = (a: Float64Array, b: Float64Array): boolean => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/**
 * firKernel with a small per-thread memory of the last few (taps, length) pairs: the signal pool's workers get the
 * taps anew with every group of rows (a copy per message), and for long rows the kernel's transform (32768 points for
 * the 250 Hz notch) is a noticeable share of a two-row group. Compared by value, so a copy of the taps hits.
 */
export function cachedFirKernel(taps: Float64Array, nTimes: number): FirKernel {
  const hit = recentKernels.find((e) => e.n === nTimes && sameTaps(e.kernel.taps, taps));
  if (hit) return hit.kernel;
  const kernel = firKernel(Float64Array.from(taps), nTimes);
  recentKernels.unshift({ n: nTimes, kernel });
  if (recentKernels.length > 4) recentKernels.pop();
  return kernel;
}

/**
 * Filter one or two channels (b may be null) with the zero-phase FIR; writes into outA/outB (any numeric arrays of
 * the input length).
 */
export function firFilterPair(
  a: ArrayLike<number>,
  b: ArrayLike<number> | null,
  kernel: FirKernel,
  outA: { [i: number]: number; length: number },
  outB: { [i: number]: number; length: number } | null,
): void {
  const n = a.length;
  const nh = kernel.taps.length;
  if (nh === 1) {
    for (let i = 0; i < n; i++) outA[i] = a[i] * kernel.taps[0];
    if (b && outB) for (let i = 0; i < n; i++) outB[i] = b[i] * kernel.taps[0];
    return;
  }
  const nEdge = Math.max(Math.min(nh, n) - 1, 0);
  // Only the two edges of the reflect_limited padding are materialised; the middle is read from the input itself.
  const padA = edges(a, nEdge);
  const padB = b ? edges(b, nEdge) : null;
  const nx = n + 2 * nEdge;
  const { nfft, spectrum } = kernel;
  const plan = fftPlan(nfft);
  const L = nfft - nh + 1; // outputs per block (overlap-save)
  const shift = (nh - 1) / 2 + nEdge;
  // the plan's own WebAssembly input buffer when it has one: the blocks are written there and transformed in place of
  // forward's copies into and out of that memory (four copies of the block per block)
  const staged = plan.stagedInput?.() ?? null;
  const buf = staged ?? new Float64Array(2 * nfft);
  const transform = (): Float64Array => {
    if (staged) return plan.forwardStaged!();
    plan.forward(buf);
    return buf;
  };
  // y[i] = Σ_k h[k] x_ext[i + shift − k]; block outputs i0..i0+L−1 need x_ext[i0 + shift − nh + 1 .. i0 + shift + L − 1]
  for (let i0 = 0; i0 < n; i0 += L) {
    const base = i0 + shift - nh + 1;
    // the padded input covers every index except, possibly, the tail of the last block
    const lo = Math.max(0, -base),
      hi = Math.min(nfft, nx - base);
    if (lo > 0 || hi < nfft) buf.fill(0);
    // x_ext index e = base + j: [0, nEdge) left pad, [nEdge, nEdge + n) input, beyond: right pad
    const midLo = Math.min(Math.max(lo, nEdge - base), hi),
      midHi = Math.max(Math.min(hi, nEdge + n - base), midLo);
    for (let j = lo; j < midLo; j++) {
      buf[2 * j] = padA.left[base + j];
      buf[2 * j + 1] = padB ? padB.left[base + j] : 0;
    }
    const off = base - nEdge;
    if (b) {
      for (let j = midLo; j < midHi; j++) {
        buf[2 * j] = a[off + j];
        buf[2 * j + 1] = b[off + j];
      }
    } else {
      for (let j = midLo; j < midHi; j++) {
        buf[2 * j] = a[off + j];
        buf[2 * j + 1] = 0;
      }
    }
    const roff = base - nEdge - n;
    for (let j = midHi; j < hi; j++) {
      buf[2 * j] = padA.right[roff + j];
      buf[2 * j + 1] = padB ? padB.right[roff + j] : 0;
    }
    const X = transform();
    // conj(X·H): the forward FFT of it is N·conj(IFFT(X·H)), and H already carries 1/N
    for (let k = 0; k < 2 * nfft; k += 2) {
      const xr = X[k],
        xi = X[k + 1],
        hr = spectrum[k],
        hi2 = spectrum[k + 1];
      buf[k] = xr * hr - xi * hi2;
      buf[k + 1] = -(xr * hi2 + xi * hr);
    }
    const Y = transform();
    const count = Math.min(L, n - i0);
    const src0 = 2 * (nh - 1);
    if (outB) {
      for (let j = 0; j < count; j++) {
        outA[i0 + j] = Y[src0 + 2 * j];
        outB[i0 + j] = -Y[src0 + 2 * j + 1];
      }
    } else {
      for (let j = 0; j < count; j++) outA[i0 + j] = Y[src0 + 2 * j];
    }
  }
}

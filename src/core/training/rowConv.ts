/**
 * Register-tiled 1-D correlation kernels: the hot loops of every stride-1 convolution (EEGNet's temporal
 * convolution is >90% of its training time). Each output/gradient element is accumulated in locals over the whole
 * kernel and written once, and every loaded input value is reused by several accumulators through a sliding window,
 * instead of one load-multiply-store per tap. Sums are carried in doubles (JS numbers) and rounded once.
 */
import type { FloatArray } from './floatArray';
import { corrAccumulateSimd, corrWeightGradSimd, SIMD_MIN_TAPS } from './simdConv';

const f32 = (a: FloatArray): a is Float32Array => a instanceof Float32Array;

/** corrAccumulate through the WebAssembly SIMD kernel for float32 rows with wide kernels, else in JS. */
export function corr(out: FloatArray, o: number, len: number, x: FloatArray, xo: number, w: FloatArray, wo: number, kw: number): void {
  if (kw === 1) {
    // 1-tap rows (spatial and pointwise convolutions): a plain axpy.
    const wv = w[wo];
    for (let i = 0; i < len; i++) out[o + i] += wv * x[xo + i];
    return;
  }
  if (kw >= SIMD_MIN_TAPS && f32(out) && f32(x) && f32(w) && corrAccumulateSimd(out, o, len, x, xo, w, wo, kw)) return;
  corrAccumulate(out, o, len, x, xo, w, wo, kw);
}

/** corrWeightGrad through the WebAssembly SIMD kernel for float32 rows with wide kernels, else in JS. */
export function corrGrad(dw: FloatArray, wo: number, kw: number, dy: FloatArray, d: number, len: number, x: FloatArray, xo: number): void {
  if (kw === 1) {
    let s0 = 0,
      s1 = 0,
      s2 = 0,
      s3 = 0;
    let i = 0;
    for (; i + 4 <= len; i += 4) {
      s0 += dy[d + i] * x[xo + i];
      s1 += dy[d + i + 1] * x[xo + i + 1];
      s2 += dy[d + i + 2] * x[xo + i + 2];
      s3 += dy[d + i + 3] * x[xo + i + 3];
    }
    for (; i < len; i++) s0 += dy[d + i] * x[xo + i];
    dw[wo] += s0 + s1 + s2 + s3;
    return;
  }
  if (kw >= SIMD_MIN_TAPS && f32(dw) && f32(dy) && f32(x) && corrWeightGradSimd(dw, wo, kw, dy, d, len, x, xo)) return;
  corrWeightGrad(dw, wo, kw, dy, d, len, x, xo);
}

/** out[o + i] += Σ_k w[wo + k] · x[xo + i + k] for i in [0, len): a "valid" correlation of x with w (kw taps). */
export function corrAccumulate(out: FloatArray, o: number, len: number, x: FloatArray, xo: number, w: FloatArray, wo: number, kw: number): void {
  let i = 0;
  for (; i + 8 <= len; i += 8) {
    const p = xo + i;
    let s0 = 0,
      s1 = 0,
      s2 = 0,
      s3 = 0,
      s4 = 0,
      s5 = 0,
      s6 = 0,
      s7 = 0;
    let x0 = x[p],
      x1 = x[p + 1],
      x2 = x[p + 2],
      x3 = x[p + 3],
      x4 = x[p + 4],
      x5 = x[p + 5],
      x6 = x[p + 6];
    for (let k = 0; k < kw; k++) {
      const x7 = x[p + k + 7];
      const wv = w[wo + k];
      s0 += wv * x0;
      s1 += wv * x1;
      s2 += wv * x2;
      s3 += wv * x3;
      s4 += wv * x4;
      s5 += wv * x5;
      s6 += wv * x6;
      s7 += wv * x7;
      x0 = x1;
      x1 = x2;
      x2 = x3;
      x3 = x4;
      x4 = x5;
      x5 = x6;
      x6 = x7;
    }
    const q = o + i;
    out[q] += s0;
    out[q + 1] += s1;
    out[q + 2] += s2;
    out[q + 3] += s3;
    out[q + 4] += s4;
    out[q + 5] += s5;
    out[q + 6] += s6;
    out[q + 7] += s7;
  }
  for (; i < len; i++) {
    const p = xo + i;
    let s = 0;
    for (let k = 0; k < kw; k++) s += w[wo + k] * x[p + k];
    out[o + i] += s;
  }
}

/** dw[wo + k] += Σ_i dy[d + i] · x[xo + i + k] for k in [0, kw): the weight gradient of corrAccumulate. */
export function corrWeightGrad(dw: FloatArray, wo: number, kw: number, dy: FloatArray, d: number, len: number, x: FloatArray, xo: number): void {
  // The same sum with the roles of the output and tap axes swapped: kw outputs, len taps of dy.
  corrAccumulate(dw, wo, kw, x, xo, dy, d, len);
}

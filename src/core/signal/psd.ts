/**
 * Welch PSD per channel as `mne.time_frequency.psd_array_welch` defaults use scipy's welch: segments of n_fft = min(256,
 * n) samples, no overlap, Hamming window (periodic, as scipy's get_window), constant detrend, one-sided density
 * scaling (V²/Hz), mean over segments.
 */
import { fftPlan } from './fft';

export interface Psd {
  freqs: Float64Array;
  /** per channel, power spectral density in unit²/Hz */
  psd: Float64Array[];
  nFft: number;
}

export function welchPsd(rows: readonly ArrayLike<number>[], sfreq: number, opts: { nFft?: number; fmin?: number; fmax?: number } = {}): Psd {
  const n = rows.length ? rows[0].length : 0;
  const nFft = Math.min(opts.nFft ?? 256, n);
  const win = new Float64Array(nFft);
  for (let i = 0; i < nFft; i++) win[i] = 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / nFft);
  let wss = 0;
  for (let i = 0; i < nFft; i++) wss += win[i] * win[i];
  const nSeg = Math.max(Math.floor(n / nFft), 0);
  const nFreq = Math.floor(nFft / 2) + 1;
  const fmin = opts.fmin ?? 0,
    fmax = opts.fmax ?? Infinity;
  const keep: number[] = [];
  for (let k = 0; k < nFreq; k++) {
    const f = (k * sfreq) / nFft;
    if (f >= fmin && f <= fmax) keep.push(k);
  }
  const freqs = Float64Array.from(keep, (k) => (k * sfreq) / nFft);
  const plan = fftPlan(nFft);
  const buf = new Float64Array(2 * nFft);
  const psd = rows.map((row) => {
    const acc = new Float64Array(nFreq);
    for (let s = 0; s < nSeg; s++) {
      const off = s * nFft;
      let m = 0;
      for (let i = 0; i < nFft; i++) m += row[off + i];
      m /= nFft;
      for (let i = 0; i < nFft; i++) {
        buf[2 * i] = (row[off + i] - m) * win[i];
        buf[2 * i + 1] = 0;
      }
      plan.forward(buf);
      for (let k = 0; k < nFreq; k++) acc[k] += buf[2 * k] ** 2 + buf[2 * k + 1] ** 2;
    }
    const scale = 1 / (sfreq * wss * Math.max(nSeg, 1));
    return Float64Array.from(keep, (k) => {
      const double = k !== 0 && !(nFft % 2 === 0 && k === nFft / 2);
      return acc[k] * scale * (double ? 2 : 1);
    });
  });
  return { freqs, psd, nFft };
}

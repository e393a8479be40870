/**
 * MNE 1.3's default FIR design (`mne.filter.create_filter` with method='fir', fir_design='firwin',
 * fir_window='hamming', phase='zero', filter_length='auto', transition bandwidths 'auto'), ported step by step:
 * `_triage_filter_params` → gain/frequency breakpoints → `_firwin_design` (one scipy `firwin` low-pass per transition,
 * each with its own length) → odd-length linear-phase taps.
 */
import { XBrainError } from '../errors';
import { f2 } from './numeric';
import { checkBand, checkBelowNyquist, signalArgError } from './params';

/** MNE's `_length_factors['hamming']`: filter length = 3.3 / transition bandwidth (s). */
export const HAMMING_LENGTH_FACTOR = 3.3;

/** MNE's 'auto' lower transition bandwidth: min(max(0.25 · l_freq, 2), l_freq) Hz. */
export const autoLowTransition = (lFreq: number): number => Math.min(Math.max(0.25 * lFreq, 2), lFreq);
/** MNE's 'auto' upper transition bandwidth: min(max(0.25 · h_freq, 2), Nyquist − h_freq) Hz. */
export const autoHighTransition = (hFreq: number, sfreq: number): number => Math.min(Math.max(0.25 * hFreq, 2), sfreq / 2 - hFreq);

export type FirKind = 'bandpass' | 'highpass' | 'lowpass' | 'bandstop';

export interface FirDesign {
  kind: FirKind;
  taps: Float64Array;
  /** number of taps (odd) */
  length: number;
  sfreq: number;
  /** pass-band edges as requested (band-stop: the per-band pass edges) */
  lFreq: number | number[] | null;
  hFreq: number | number[] | null;
  lTransBandwidth: number | null;
  hTransBandwidth: number | null;
  window: 'hamming';
  phase: 'zero';
  pad: 'reflect_limited';
  method: 'fir';
  design: 'firwin';
  /** MNE's log text for this design (INFO level) */
  log: string;
}

/** Python '%0.2g'. */
function g2(x: number): string {
  if (x === 0) return '0';
  const e = Math.floor(Math.log10(Math.abs(x)));
  if (e < -4 || e >= 2) {
    const s = x
      .toExponential(1)
      .replace(/\.0e/, 'e')
      .replace(/e([+-])(\d)$/, 'e$10$2');
    return s;
  }
  return String(Number(x.toPrecision(2)));
}

function hamming(n: number): Float64Array {
  const w = new Float64Array(n);
  if (n === 1) {
    w[0] = 1;
    return w;
  }
  for (let i = 0; i < n; i++) w[i] = 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (n - 1));
  return w;
}

function sinc(x: number): number {
  if (x === 0) return 1;
  const y = Math.PI * x;
  return Math.sin(y) / y;
}

/** scipy.signal.firwin(numtaps, cutoff, window='hamming', pass_zero=True, fs=2): one low-pass, scaled to unit DC gain. */
export function firwinLowpass(numtaps: number, cutoff: number): Float64Array {
  const alpha = 0.5 * (numtaps - 1);
  const h = new Float64Array(numtaps);
  const w = hamming(numtaps);
  for (let i = 0; i < numtaps; i++) {
    const m = i - alpha;
    h[i] = cutoff * sinc(cutoff * m) - 0 * sinc(0 * m);
    h[i] *= w[i];
  }
  let s = 0;
  for (let i = 0; i < numtaps; i++) s += h[i];
  for (let i = 0; i < numtaps; i++) h[i] /= s;
  return h;
}

/** MNE `_firwin_design`: freq (normalised to Nyquist = 1) and 0/1 gains, walked from the top. */
function firwinDesign(N: number, freq: number[], gain: number[], sfreq: number): Float64Array {
  const h = new Float64Array(N);
  let prevFreq = freq[freq.length - 1];
  let prevGain = gain[gain.length - 1];
  if (prevGain === 1) h[(N - 1) / 2] = 1;
  for (let i = freq.length - 2; i >= 0; i--) {
    const thisFreq = freq[i],
      thisGain = gain[i];
    if (thisGain !== prevGain) {
      const transition = (prevFreq - thisFreq) / 2;
      let thisN = pyRoundInt(HAMMING_LENGTH_FACTOR / transition);
      thisN += 1 - (thisN % 2);
      if (thisN > N) {
        throw new XBrainError(
          'invalid_arguments',
          `The requested filter length ${N} is too short for the requested ${f2((transition * sfreq) / 2)} Hz transition band, which requires ${thisN} samples`,
          { parameter: 'filter_length' },
        );
      }
      const lp = firwinLowpass(thisN, (prevFreq + thisFreq) / 2);
      const offset = (N - thisN) / 2;
      const sign = thisGain === 0 ? -1 : 1;
      for (let k = 0; k < thisN; k++) h[offset + k] += sign * lp[k];
    }
    prevGain = thisGain;
    prevFreq = thisFreq;
  }
  return h;
}

function pyRoundInt(x: number): number {
  const r = Math.round(x);
  if (Math.abs(x - Math.trunc(x)) === 0.5 && r % 2 !== 0) return r - 1;
  return r;
}

/** MNE `_to_samples` applied to the auto length string '%ss' % (3.3 / min_trans): ceil(s·sfreq), made odd. */
export function autoLength(minTrans: number, sfreq: number): number {
  const seconds = Number(String(HAMMING_LENGTH_FACTOR / minTrans));
  let n = Math.max(Math.ceil(seconds * sfreq), 1);
  n += (n - 1) % 2;
  return n;
}

const bad = (parameter: string, message: string) => new XBrainError('invalid_arguments', message, { parameter });

function header(kind: FirKind): string[] {
  return [
    '',
    'FIR filter parameters',
    '---------------------',
    `Designing a one-pass, zero-phase, non-causal ${kind} filter:`,
    '- Windowed time-domain design (firwin) method',
    '- Hamming window with 0.0194 passband ripple and 53 dB stopband attenuation',
  ];
}

/**
 * `mne.filter.create_filter(None, sfreq, l_freq, h_freq)` with every default: band-pass (l < h), high-pass (h null),
 * low-pass (l null). Refusals name the kernel's `{low}` / `{high}` (signal/params.ts).
 */
export function designFir(sfreq: number, lFreq: number | null, hFreq: number | null, opts: { lTrans?: number; hTrans?: number } = {}): FirDesign {
  const nyq = sfreq / 2;
  checkBand(sfreq, lFreq, hFreq);
  const kind: FirKind = lFreq !== null ? (hFreq !== null ? 'bandpass' : 'highpass') : 'lowpass';
  const log: string[] = [];
  if (kind === 'bandpass') log.push(`Setting up band-pass filter from ${g2(lFreq!)} - ${g2(hFreq!)} Hz`);
  else if (kind === 'highpass') log.push(`Setting up high-pass filter at ${g2(lFreq!)} Hz`);
  else log.push(`Setting up low-pass filter at ${g2(hFreq!)} Hz`);
  log.push(...header(kind));
  let lTrans: number | null = null,
    hTrans: number | null = null,
    lStop = 0,
    hStop = nyq;
  if (lFreq !== null) {
    lTrans = opts.lTrans ?? autoLowTransition(lFreq);
    log.push(`- Lower passband edge: ${f2(lFreq)}`);
    log.push(`- Lower transition bandwidth: ${f2(lTrans)} Hz (-6 dB cutoff frequency: ${f2(lFreq - lTrans / 2)} Hz)`);
    if (!(lTrans > 0)) throw bad('l_trans_bandwidth', `l_trans_bandwidth must be positive, got ${lTrans}`);
    lStop = lFreq - lTrans;
    if (lStop < 0)
      throw signalArgError(
        'low',
        `{low}: filter specification invalid: lower stop frequency negative (${f2(lStop)} Hz). Increase pass frequency or reduce the transition bandwidth (l_trans_bandwidth)`,
      );
  }
  if (hFreq !== null) {
    hTrans = opts.hTrans ?? autoHighTransition(hFreq, sfreq);
    log.push(`- Upper passband edge: ${f2(hFreq)} Hz`);
    log.push(`- Upper transition bandwidth: ${f2(hTrans)} Hz (-6 dB cutoff frequency: ${f2(hFreq + hTrans / 2)} Hz)`);
    if (!(hTrans > 0)) throw bad('h_trans_bandwidth', `h_trans_bandwidth must be positive, got ${hTrans}`);
    hStop = hFreq + hTrans;
    if (hStop > nyq) throw signalArgError('high', `{high}: effective band-stop frequency (${hStop}) is too high (maximum based on Nyquist is ${nyq})`);
  }
  const length = autoLength(Math.min(hTrans ?? Infinity, lTrans ?? Infinity), sfreq);
  log.push(`- Filter length: ${length} samples (${(length / sfreq).toFixed(3)} sec)`, '');
  let freq: number[], gain: number[];
  if (kind === 'lowpass') {
    freq = [0, hFreq!, hStop];
    gain = [1, 1, 0];
    if (hStop !== nyq) {
      freq.push(nyq);
      gain.push(0);
    }
  } else if (kind === 'highpass') {
    freq = [lStop, lFreq!, nyq];
    gain = [0, 1, 1];
    if (lStop !== 0) {
      freq.unshift(0);
      gain.unshift(0);
    }
  } else {
    freq = [lStop, lFreq!, hFreq!, hStop];
    gain = [0, 1, 1, 0];
    if (hStop !== nyq) {
      freq.push(nyq);
      gain.push(0);
    }
    if (lStop !== 0) {
      freq.unshift(0);
      gain.unshift(0);
    }
  }
  return firwinResult({ kind, length, sfreq, lFreq, hFreq, lTransBandwidth: lTrans, hTransBandwidth: hTrans }, freq, gain, log);
}

/**
 * The FIR of a design's edges: firwin (hamming window) through the gain points (Hz, up to Nyquist), with what MNE
 * applies it with (zero phase, reflect_limited padding) and its log.
 */
function firwinResult(
  d: Pick<FirDesign, 'kind' | 'length' | 'sfreq' | 'lFreq' | 'hFreq' | 'lTransBandwidth' | 'hTransBandwidth'>,
  freq: number[],
  gain: number[],
  log: string[],
): FirDesign {
  const nyq = d.sfreq / 2;
  const taps = firwinDesign(
    d.length,
    freq.map((f) => f / nyq),
    gain,
    d.sfreq,
  );
  // the fields in the order the two designers wrote them (key order shows in any JSON of a design)
  const { kind, length, sfreq, lFreq, hFreq, lTransBandwidth, hTransBandwidth } = d;
  return {
    kind,
    taps,
    length,
    sfreq,
    lFreq,
    hFreq,
    lTransBandwidth,
    hTransBandwidth,
    window: 'hamming',
    phase: 'zero',
    pad: 'reflect_limited',
    method: 'fir',
    design: 'firwin',
    log: log.join('\n') + '\n',
  };
}

/** Harmonics of f0 below Nyquist as the reference uses them: f0, 2·f0, … while f + 2 < Nyquist. */
export function notchHarmonics(f0: number, sfreq: number): number[] {
  const nyq = sfreq / 2;
  const out: number[] = [];
  for (let k = 1; k * f0 < nyq; k++) if (k * f0 + 2 < nyq) out.push(k * f0);
  return out;
}

/**
 * `mne.filter.notch_filter(x, sfreq, freqs)` defaults: notch widths f/200, trans_bandwidth 1 Hz, one band-stop FIR
 * over all freqs with pass edges f ∓ (w/2 + 0.5) and 0.5 Hz transitions.
 */
export function designNotch(sfreq: number, freqs: number[]): FirDesign {
  const nyq = sfreq / 2;
  if (freqs.length === 0) throw signalArgError('freq', `{freq}: no notch frequency below Nyquist (${nyq} Hz)`);
  for (const f of freqs) checkBelowNyquist('freq', sfreq, f);
  const tb2 = 0.5;
  const widths = freqs.map((f) => f / 200);
  const lows = freqs.map((f, i) => f - widths[i] / 2 - tb2);
  const highs = freqs.map((f, i) => f + widths[i] / 2 + tb2);
  const log: string[] = [`Setting up band-stop filter${freqs.length === 1 ? ` from ${g2(lows[0])} - ${g2(highs[0])} Hz` : ''}`, ...header('bandstop')];
  // _triage_filter_params(…, l_freq=lows, h_freq=highs, reverse=True): stop bands [low + tb, high − tb]
  if (freqs.length === 1) {
    log.push(`- Lower passband edge: ${f2(lows[0])}`, `- Lower transition bandwidth: ${f2(tb2)} Hz (-6 dB cutoff frequency: ${f2(lows[0] - tb2 / 2)} Hz)`);
    log.push(`- Upper passband edge: ${f2(highs[0])} Hz`, `- Upper transition bandwidth: ${f2(tb2)} Hz (-6 dB cutoff frequency: ${f2(highs[0] + tb2 / 2)} Hz)`);
  } else {
    log.push(`- Lower transition bandwidth: ${f2(tb2)} Hz`, `- Upper transition bandwidth: ${f2(tb2)} Hz`);
  }
  for (const h of highs)
    if (h > nyq) throw signalArgError('freq', `{freq}: effective band-stop frequency (${h}) is too high (maximum based on Nyquist is ${nyq})`);
  const length = autoLength(tb2, sfreq);
  log.push(`- Filter length: ${length} samples (${(length / sfreq).toFixed(3)} sec)`, '');
  const pts: Array<[number, number]> = [];
  for (let i = 0; i < freqs.length; i++) {
    pts.push([lows[i], 1], [lows[i] + tb2, 0], [highs[i] - tb2, 0], [highs[i], 1]);
  }
  // numpy argsort (quicksort) on distinct values: plain sort by frequency
  pts.sort((a, b) => a[0] - b[0]);
  let freq = pts.map((p) => p[0]);
  let gain = pts.map((p) => p[1]);
  if (freq[0] !== 0) {
    freq = [0, ...freq];
    gain = [1, ...gain];
  }
  if (freq[freq.length - 1] !== nyq) {
    freq.push(nyq);
    gain.push(1);
  }
  for (let i = 2; i < gain.length; i++) {
    if (Math.abs(gain[i] - 2 * gain[i - 1] + gain[i - 2]) > 1) throw bad('freq', 'Stop bands are not sufficiently separated.');
  }
  return firwinResult({ kind: 'bandstop', length, sfreq, lFreq: lows, hFreq: highs, lTransBandwidth: tb2, hTransBandwidth: tb2 }, freq, gain, log);
}

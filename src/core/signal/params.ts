/**
 * The signal kernels' own parameter names and the one place their frequency limits are checked. Kernels name their
 * inputs neutrally (`low`, `high`, `freq`, `rate`, `method`, `order`) and write them as `{low}` … in messages; the
 * tool boundary (tools/argNames.ts) replaces them with the calling tool's argument names (apply_bandpass_filter's
 * `low_freq`, apply_standard_preprocess's `l_freq`, …), so a kernel never knows which tool called it.
 */
import { XBrainError } from '../errors';

export const SIGNAL_PARAMS = ['low', 'high', 'freq', 'rate', 'method', 'order', 'channels'] as const;
export type SignalParam = (typeof SIGNAL_PARAMS)[number];

/** A refusal naming a kernel parameter; `message` writes parameter names as `{low}`, `{high}`, …. */
export function signalArgError(parameter: SignalParam, message: string, details: Record<string, unknown> = {}): XBrainError {
  return new XBrainError('invalid_arguments', message, { ...details, parameter });
}

/**
 * A band edge pair as every filter takes it: at least one edge, each above 0 Hz and below Nyquist, low below high.
 * `null` leaves that edge open (high-pass or low-pass).
 */
export function checkBand(sfreq: number, low: number | null, high: number | null): void {
  const nyq = sfreq / 2;
  if (low === null && high === null) throw signalArgError('low', 'at least one of {low} and {high} must be given');
  for (const [p, f] of [
    ['low', low],
    ['high', high],
  ] as const) {
    if (f !== null && !(f > 0 && f < nyq)) throw signalArgError(p, `{${p}}: ${f} Hz must lie between 0 and Nyquist (${nyq} Hz at ${sfreq} Hz sampling)`);
  }
  if (low !== null && high !== null && !(low < high)) throw signalArgError('low', `{low}: ${low} Hz must be below {high} (${high} Hz)`);
}

/** One frequency that must lie strictly between 0 Hz and Nyquist (a notch, a band edge). */
export function checkBelowNyquist(parameter: SignalParam, sfreq: number, f: number): void {
  const nyq = sfreq / 2;
  if (!(f > 0 && f < nyq)) throw signalArgError(parameter, `{${parameter}}: ${f} Hz must lie between 0 and Nyquist (${nyq} Hz at ${sfreq} Hz sampling)`);
}

/**
 * Preprocessing steps on SignalData, pure: each returns the new data plus what the history entry needs (the exact
 * design, as MNE logs it). Errors are typed and name the tool parameter; nothing is half-applied because nothing is
 * mutated.
 */
import { XBrainError } from '../errors';
import type { ChannelType } from '../io/types';
import { designFir, designNotch, notchHarmonics } from './firDesign';
import { designButterworth } from './iir';
import { normalizeRows, referenceRows, resampleStimRow, resampledLength } from './rows';
import { runRows, type RunRowsOptions } from './workers/pool';
import { channelNames, channelTypes, isDataChannel, mapAcrossChannels, mapRows, mapRowsAsync, minTimes, sfreqOf, type SignalData } from './signalData';
import { matchChannels } from './channels';
import type { NormalizeMethod } from './normalize';
import { pyRound } from './numeric';
import { checkBand, checkBelowNyquist, signalArgError } from './params';

export interface StepResult {
  data: SignalData;
  description: string;
  design?: Record<string, unknown>;
  /** things the user should know (e.g. a filter longer than the data) */
  warnings: string[];
}

function dataPicks(d: SignalData): number[] {
  const picks = channelTypes(d)
    .map((t, i) => (isDataChannel(t) ? i : -1))
    .filter((i) => i >= 0);
  if (picks.length === 0) throw new XBrainError('invalid_state', 'no EEG/MEG data channels to process (all channels are stim, EOG or misc)');
  return picks;
}

function requireData(d: SignalData): void {
  if (d.kind === 'raw' && d.recordings.length === 0) throw new XBrainError('invalid_state', 'no recordings are loaded');
  if (d.kind === 'epochs' && d.epochs.nEpochs === 0) throw new XBrainError('invalid_state', 'the epochs are empty');
}

export interface FilterOptions {
  lFreq: number | null;
  hFreq: number | null;
  method: 'fir' | 'iir';
  iirOrder: number;
}

/** MNE `inst.filter(l_freq, h_freq)` (FIR defaults) or `method='iir'` with a Butterworth of the given order. */
export async function bandpass(d: SignalData, o: FilterOptions, par: RunRowsOptions = {}): Promise<StepResult> {
  requireData(d);
  const sfreq = sfreqOf(d);
  checkBand(sfreq, o.lFreq, o.hFreq);
  const picks = dataPicks(d);
  const warnings: string[] = [];
  const band = o.lFreq !== null && o.hFreq !== null ? `${o.lFreq} ~ ${o.hFreq} Hz` : o.lFreq !== null ? `high-pass ${o.lFreq} Hz` : `low-pass ${o.hFreq} Hz`;
  if (o.method === 'fir') {
    const fir = designFir(sfreq, o.lFreq, o.hFreq);
    const n = minTimes(d);
    if (fir.length > n)
      warnings.push(
        `filter_length (${fir.length}) is longer than the signal (${n}), distortion is likely. Reduce the filter length or filter a longer signal.`,
      );
    const data = await mapRowsAsync(d, picks, (i, out) => runRows({ kind: 'fir', taps: fir.taps }, i, out, par));
    return {
      data,
      warnings,
      description: `Filtering ${band} (FIR, ${fir.length} taps)`,
      design: {
        method: 'fir',
        fir_design: fir.design,
        kind: fir.kind,
        window: fir.window,
        phase: fir.phase,
        pad: fir.pad,
        filter_length: fir.length,
        filter_length_seconds: fir.length / sfreq,
        l_freq: fir.lFreq,
        h_freq: fir.hFreq,
        l_trans_bandwidth: fir.lTransBandwidth,
        h_trans_bandwidth: fir.hTransBandwidth,
        cutoff_minus_6db: [
          fir.lFreq === null ? null : (fir.lFreq as number) - fir.lTransBandwidth! / 2,
          fir.hFreq === null ? null : (fir.hFreq as number) + fir.hTransBandwidth! / 2,
        ],
        sfreq,
        channels: picks.length,
        mne_log: fir.log,
      },
    };
  }
  const iir = designButterworth(o.iirOrder, o.lFreq, o.hFreq, sfreq);
  const data = await mapRowsAsync(d, picks, (i, out) => runRows({ kind: 'iir', sos: iir.sos, padlen: iir.padlen }, i, out, par));
  const n = minTimes(d);
  return {
    data,
    warnings,
    description: `Filtering ${band} (IIR Butterworth order ${o.iirOrder}, zero-phase)`,
    design: {
      method: 'iir',
      ftype: iir.ftype,
      order: iir.order,
      effective_order: 2 * iir.order * (iir.btype === 'bandpass' ? 2 : 1),
      btype: iir.btype,
      sos: iir.sos.map((s) => Array.from(s)),
      padlen: Math.min(iir.padlen, n - 1),
      padtype: iir.padtype,
      phase: iir.phase,
      application: 'scipy.signal.sosfiltfilt (forward-backward)',
      l_freq: o.lFreq,
      h_freq: o.hFreq,
      sfreq,
      channels: picks.length,
      mne_log: iir.log,
    },
  };
}

/** The most harmonics one notch call removes (50 Hz up to 1 kHz sampling needs 9; 50 Hz at 2 kHz, 19). */
export const MAX_NOTCH_HARMONICS = 20;

/** MNE `inst.notch_filter(freqs)` with freq and its harmonics below Nyquist (FIR defaults). */
export async function notch(d: SignalData, freq: number, par: RunRowsOptions = {}): Promise<StepResult> {
  requireData(d);
  const sfreq = sfreqOf(d);
  const nyq = sfreq / 2;
  checkBelowNyquist('freq', sfreq, freq);
  // counted before any list is built: a tiny freq would otherwise mean billions of notches
  const harmonics = Math.floor((nyq - 2) / freq);
  if (harmonics > MAX_NOTCH_HARMONICS) {
    throw signalArgError(
      'freq',
      `{freq}: ${freq} Hz would notch ${harmonics} harmonics (${freq}, ${2 * freq}, … Hz up to Nyquist ${nyq} Hz), erasing the EEG bands; at most ${MAX_NOTCH_HARMONICS} are notched — line noise is at 50 or 60 Hz`,
      { harmonics },
    );
  }
  const freqs = notchHarmonics(freq, sfreq);
  if (freqs.length === 0) throw signalArgError('freq', `{freq}: ${freq} Hz leaves no notch at least 2 Hz below Nyquist (${nyq} Hz)`);
  const fir = designNotch(sfreq, freqs);
  const picks = dataPicks(d);
  const warnings: string[] = [];
  if (fir.length > minTimes(d)) warnings.push(`filter_length (${fir.length}) is longer than the signal (${minTimes(d)}), distortion is likely.`);
  const inBands = freqs.filter((f) => f >= 1 && f <= 40);
  if (inBands.length)
    warnings.push(
      `freq ${freq} Hz is not a mains frequency (50/60 Hz): the notches at ${inBands.join(', ')} Hz fall inside the EEG bands (1–40 Hz) and remove brain signal there.`,
    );
  const data = await mapRowsAsync(d, picks, (i, out) => runRows({ kind: 'fir', taps: fir.taps }, i, out, par));
  return {
    data,
    warnings,
    description: `Notch ${freqs.join(', ')} Hz`,
    design: {
      method: 'fir',
      fir_design: 'firwin',
      kind: 'bandstop',
      window: 'hamming',
      phase: 'zero',
      pad: 'reflect_limited',
      freqs,
      notch_widths: freqs.map((f) => f / 200),
      trans_bandwidth: 1,
      filter_length: fir.length,
      filter_length_seconds: fir.length / sfreq,
      stop_band_pass_edges: (fir.lFreq as number[]).map((l, i) => [l, (fir.hFreq as number[])[i]]),
      sfreq,
      channels: picks.length,
      mne_log: fir.log,
    },
  };
}

/** MNE `mne.filter.resample` (npad 100, boxcar, reflect_limited) to `rate`; stim channels keep their codes. */
export async function resample(d: SignalData, rate: number, par: RunRowsOptions = {}): Promise<StepResult> {
  requireData(d);
  const sfreq = sfreqOf(d);
  if (!(rate > 0) || !Number.isFinite(rate)) throw signalArgError('rate', `{rate}: must be a positive number of Hz, got ${rate}`);
  const n = minTimes(d);
  if (Math.round((rate / sfreq) * n) < 1) throw signalArgError('rate', `{rate}: ${rate} Hz leaves no samples of a ${n}-sample signal`);
  const types = channelTypes(d);
  const picks = types.map((t, i) => (t === 'stim' ? -1 : i)).filter((i) => i >= 0);
  const ratio = rate / sfreq;
  let data = await mapRowsAsync(d, picks, (i, out) => runRows({ kind: 'resample', up: rate, down: sfreq, npad: 100 }, i, out, par), {
    newTimes: (m) => resampledLength(m, rate, sfreq),
    other: (i, out) => i.forEach((x, k) => resampleStimRow(x, out[k], ratio)),
  });
  if (data.kind === 'raw') {
    // events follow the samples: round(sample · new / old), as XBrainLab re-indexes raw events
    data = {
      kind: 'raw',
      recordings: data.recordings.map((r) => ({
        ...r,
        sfreq: rate,
        events: { ...r.events, samples: Int32Array.from(r.events.samples, (s) => Math.min(pyRound((s * rate) / sfreq), Math.max(r.nTimes - 1, 0))) },
      })),
    };
  } else {
    data = { ...data, epochs: { ...data.epochs, sfreq: rate } };
  }
  return {
    data,
    warnings: [],
    description: `Resample ${sfreq} → ${rate} Hz`,
    design: { method: 'fft', from: sfreq, to: rate, ratio, npad: 100, window: 'boxcar', pad: 'reflect_limited', events: 'round(sample * new / old)' },
  };
}

/** `set_eeg_reference`: "average" (all EEG channels) or one or several channel names separated by commas. */
export function reference(d: SignalData, method: string): StepResult {
  requireData(d);
  const names = channelNames(d);
  const types = channelTypes(d);
  const eeg = types.map((t, i) => (t === 'eeg' ? i : -1)).filter((i) => i >= 0);
  if (eeg.length === 0) throw new XBrainError('invalid_state', 'no EEG channels to re-reference');
  const m = method.trim();
  if (!m) throw signalArgError('method', '{method}: give "average" or a channel name');
  let refIdx: number[], label: string;
  if (m.toLowerCase() === 'average') {
    refIdx = eeg;
    label = 'average';
  } else {
    const req = m
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    refIdx = matchChannels(req, names, 'method', '{method}');
    label = refIdx.map((i) => names[i]).join(', ');
  }
  const apply = new Set(eeg);
  const data = mapAcrossChannels(d, (i, out) => referenceRows(i, out, refIdx, apply));
  return {
    data,
    warnings: [],
    description: `Re-reference: ${label}`,
    design: { ref_channels: label === 'average' ? 'average' : refIdx.map((i) => names[i]), applied_to: eeg.length, projection: false },
  };
}

/** `inst.pick(channels)`: keep the listed channels in the listed order (case- and dot-insensitive names). */
export function selectChannels(d: SignalData, channels: readonly string[]): StepResult {
  requireData(d);
  if (channels.length === 0) throw signalArgError('channels', '{channels}: list at least one channel');
  const names = channelNames(d);
  const idx = matchChannels(channels, names, 'channels', '{channels}');
  let data: SignalData;
  if (d.kind === 'raw') {
    data = { kind: 'raw', recordings: d.recordings.map((r) => ({ ...r, channels: idx.map((i) => r.channels[i]), data: idx.map((i) => r.data[i]) })) };
  } else {
    const e = d.epochs;
    const out = new Float32Array(e.nEpochs * idx.length * e.nTimes);
    for (let k = 0; k < e.nEpochs; k++) {
      idx.forEach((c, j) => out.set(e.data.subarray((k * e.nChannels + c) * e.nTimes, (k * e.nChannels + c + 1) * e.nTimes), (k * idx.length + j) * e.nTimes));
    }
    data = {
      kind: 'epochs',
      epochs: { ...e, data: out, nChannels: idx.length, channels: idx.map((i) => e.channels[i]) },
      channelTypes: idx.map((i) => d.channelTypes[i]),
    };
  }
  return {
    data,
    warnings: [],
    description: `Select ${idx.length} channel(s): ${idx.map((i) => names[i]).join(', ')}`,
    design: { picked: idx.map((i) => names[i]) },
  };
}

/** z-score or min-max per channel over time (raw) or per trial × channel (epochs), eps 1e-12, every channel. */
export function normalize(d: SignalData, method: NormalizeMethod): StepResult {
  requireData(d);
  if (method !== 'z-score' && method !== 'min-max') throw signalArgError('method', `{method}: '${String(method)}' is not z-score or min-max`);
  const all = channelNames(d).map((_, i) => i);
  const data = mapRows(d, all, (i, out) => normalizeRows(i, out, method));
  return {
    data,
    warnings: [],
    description: `Normalize (${method})`,
    design: { method, eps: 1e-12, axis: d.kind === 'raw' ? 'per channel over time' : 'per epoch and channel over time' },
  };
}

export function typesForEpochs(channels: readonly string[], reference: { name: string; type: ChannelType }[] | undefined): ChannelType[] {
  const byName = new Map((reference ?? []).map((c) => [c.name, c.type]));
  return channels.map((n) => byName.get(n) ?? 'eeg');
}

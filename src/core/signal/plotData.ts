/**
 * Payloads for plot_epochs: small, decimated, in microvolts (the renderer only draws). Traces of raw data or a few
 * epochs with event markers, the ERP (mean) per class, or the Welch PSD per channel.
 */
import { XBrainError } from '../errors';
import type { Recording } from '../io/types';
import type { Epochs } from './types';
import { matchChannels } from './channels';
import { welchPsd } from './psd';
import { decimationStep, strideDecimate } from './decimate';
import { XBRAIN_MIME, type EpochsPayload } from '../mime';
import { epochChunks, epochRows } from './spill';

/** docs/architecture.md §4 MIME type the XBrain renderer draws these payloads with (one definition: src/core/mime.ts). */
export const EPOCHS_MIME = XBRAIN_MIME.epochs;
export type { EpochsPayload };

/** At most this many points per drawn line. */
export const MAX_POINTS = 1000;
const MAX_TRACE_EPOCHS = 5;
const UV = 1e6;

function stride(n: number): number {
  return decimationStep(n, MAX_POINTS);
}

/** Every `step`-th sample of the `n` from `start`, in µV with 6 significant digits. */
function decimate(row: ArrayLike<number>, start: number, n: number, step: number): number[] {
  return strideDecimate(row, start, n, step, (v) => Number((v * UV).toPrecision(6)));
}

function pickChannels(available: readonly string[], requested?: readonly string[]): number[] {
  return requested && requested.length ? matchChannels(requested, available, 'channels') : available.map((_, i) => i);
}

function labelName(e: Epochs, l: number): string {
  return Object.keys(e.eventId).find((k) => e.eventId[k] === l) ?? String(l);
}

export function epochsPayload(e: Epochs, requested?: readonly string[]): EpochsPayload {
  const ch = pickChannels(e.channels, requested);
  const step = stride(e.nTimes);
  const times: number[] = [];
  for (let i = 0; i < e.nTimes; i += step) times.push(Number((e.tmin + i / e.sfreq).toFixed(6)));
  const row = (k: number, c: number) => (k * e.nChannels + c) * e.nTimes;
  // the first epochs' rows only, and the class means over blocks of epochs: a disk-backed set is never read whole
  const shown = epochRows(
    e,
    Array.from({ length: Math.min(MAX_TRACE_EPOCHS, e.nEpochs) }, (_, k) => k),
  );
  const traces = Array.from({ length: Math.min(MAX_TRACE_EPOCHS, e.nEpochs) }, (_, k) => ({
    epoch: k,
    label: labelName(e, e.labels[k]),
    data: ch.map((c) => decimate(shown, row(k, c), e.nTimes, step)),
  }));
  const classes = Object.entries(e.eventId).sort((a, b) => a[1] - b[1]);
  const sums = new Map(classes.map(([, l]) => [l, { acc: ch.map(() => new Float64Array(e.nTimes)), count: 0 }]));
  for (const { block, start, count } of epochChunks(e)) {
    for (let k = 0; k < count; k++) {
      const cls = sums.get(e.labels[start + k]);
      if (!cls) continue;
      cls.count++;
      ch.forEach((c, j) => {
        const o = row(k, c);
        const a = cls.acc[j];
        for (let i = 0; i < e.nTimes; i++) a[i] += block[o + i];
      });
    }
  }
  const erp = classes.map(([label, l]) => {
    const { acc, count } = sums.get(l)!;
    return {
      label,
      count,
      mean: acc.map((a) =>
        decimate(
          a.map((v) => v / Math.max(count, 1)),
          0,
          e.nTimes,
          step,
        ),
      ),
    };
  });
  return { sfreq: e.sfreq, times, channels: ch.map((c) => e.channels[c]), unit: 'µV', traces, markers: [{ time: 0, label: 'event' }], erp };
}

/** Continuous traces of one recording from `start` for `duration` seconds, with its events as markers. */
export function rawPayload(r: Recording, opts: { channels?: readonly string[]; start?: number; duration?: number }): EpochsPayload {
  const names = r.channels.map((c) => c.name);
  const ch = pickChannels(names, opts.channels);
  const start = opts.start ?? 0;
  const duration = opts.duration ?? Math.min(10, r.nTimes / r.sfreq);
  if (!(start >= 0) || start >= r.nTimes / r.sfreq)
    throw new XBrainError('invalid_arguments', `start: ${start} s is outside the recording (0 … ${(r.nTimes / r.sfreq).toFixed(2)} s)`, { parameter: 'start' });
  if (!(duration > 0)) throw new XBrainError('invalid_arguments', `duration: must be positive, got ${duration}`, { parameter: 'duration' });
  const s0 = Math.round(start * r.sfreq);
  const n = Math.min(Math.round(duration * r.sfreq), r.nTimes - s0);
  const step = stride(n);
  const times: number[] = [];
  for (let i = 0; i < n; i += step) times.push(Number(((s0 + i) / r.sfreq).toFixed(6)));
  const byCode = new Map(Object.entries(r.events.eventId).map(([k, v]) => [v, k]));
  const markers: EpochsPayload['markers'] = [];
  for (let i = 0; i < r.events.samples.length; i++) {
    const s = r.events.samples[i];
    if (s >= s0 && s < s0 + n) markers.push({ time: s / r.sfreq, label: byCode.get(r.events.codes[i]) ?? String(r.events.codes[i]) });
  }
  return {
    sfreq: r.sfreq,
    times,
    channels: ch.map((c) => names[c]),
    unit: 'µV',
    traces: [{ epoch: 0, label: r.path.split(/[\\/]/).pop() ?? r.path, data: ch.map((c) => decimate(r.data[c], s0, n, step)) }],
    markers,
    erp: [],
  };
}

export interface PsdPayload {
  freqs: number[];
  channels: string[];
  unit: 'µV²/Hz';
  /** per channel, mean Welch PSD (over epochs when epoched) */
  values: number[][];
  nFft: number;
}

export function psdPayload(source: { epochs: Epochs } | { recording: Recording }, requested?: readonly string[]): PsdPayload {
  let names: string[], sfreq: number;
  // per block of rows: channel c's row of each epoch in the block (epochs: block by block, never the whole set)
  let blocks: () => Iterable<(c: number) => ArrayLike<number>[]>;
  let nRows: number;
  if ('epochs' in source) {
    const e = source.epochs;
    names = e.channels;
    sfreq = e.sfreq;
    nRows = e.nEpochs;
    blocks = function* () {
      for (const { block, count } of epochChunks(e))
        yield (c) => Array.from({ length: count }, (_, k) => block.subarray((k * e.nChannels + c) * e.nTimes, (k * e.nChannels + c + 1) * e.nTimes));
    };
  } else {
    const r = source.recording;
    names = r.channels.map((c) => c.name);
    sfreq = r.sfreq;
    nRows = 1;
    blocks = () => [(c) => [r.data[c]]];
  }
  const ch = pickChannels(names, requested);
  let freqs: number[] = [],
    nFft = 0;
  // the mean over rows, summed in row order as over all rows at once
  const means: Float64Array[] = [];
  for (const rowsOf of blocks()) {
    ch.forEach((c, j) => {
      const p = welchPsd(rowsOf(c), sfreq);
      freqs = Array.from(p.freqs, (f) => Number(f.toFixed(4)));
      nFft = p.nFft;
      const mean = (means[j] ??= new Float64Array(p.freqs.length));
      for (const row of p.psd) for (let i = 0; i < mean.length; i++) mean[i] += row[i] / nRows;
    });
  }
  const values = ch.map((_, j) => Array.from(means[j] ?? [], (v) => Number((v * UV * UV).toPrecision(6))));
  return { freqs, channels: ch.map((c) => names[c]), unit: 'µV²/Hz', values, nFft };
}

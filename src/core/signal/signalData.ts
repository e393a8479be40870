/**
 * The data a preprocessing step works on: the continuous recordings (before epoching) or the epochs (after), and the
 * plumbing that applies a row operation to either while producing new arrays (the Study's arrays are immutable).
 */
import type { ChannelType, Recording } from '../io/types';
import type { Epochs } from './types';
import type { Row } from './rows';

export type SignalData = { kind: 'raw'; recordings: Recording[] } | { kind: 'epochs'; epochs: Epochs; channelTypes: ChannelType[] };

/** MNE's "data" channel types: what `filter`, `notch_filter` and the EEG reference touch by default. */
const DATA_TYPES: ReadonlySet<ChannelType> = new Set(['eeg', 'mag', 'grad', 'seeg', 'ecog']);

export const isDataChannel = (t: ChannelType): boolean => DATA_TYPES.has(t);

export function channelNames(d: SignalData): string[] {
  return d.kind === 'raw' ? (d.recordings[0]?.channels.map((c) => c.name) ?? []) : d.epochs.channels;
}

export function channelTypes(d: SignalData): ChannelType[] {
  return d.kind === 'raw' ? (d.recordings[0]?.channels.map((c) => c.type) ?? []) : d.channelTypes;
}

export function sfreqOf(d: SignalData): number {
  return d.kind === 'raw' ? (d.recordings[0]?.sfreq ?? 0) : d.epochs.sfreq;
}

/** Shapes for the history entry: per recording [channels, times], or [[epochs, channels, times]]. */
export function shapeOf(d: SignalData): number[][] {
  return d.kind === 'raw' ? d.recordings.map((r) => [r.channels.length, r.nTimes]) : [[d.epochs.nEpochs, d.epochs.nChannels, d.epochs.nTimes]];
}

/** Shortest row length (recording samples or epoch samples), for checks such as "the filter is longer than the data". */
export function minTimes(d: SignalData): number {
  return d.kind === 'raw' ? Math.min(...d.recordings.map((r) => r.nTimes)) : d.epochs.nTimes;
}

export type RowOp = (input: readonly Row[], output: readonly Row[], group: { sfreq: number; nTimes: number }) => void;
export type AsyncRowOp = (input: readonly Row[], output: readonly Row[], group: { sfreq: number; nTimes: number }) => Promise<void>;

interface RowsJob {
  input: Row[];
  output: Row[];
  group: { sfreq: number; nTimes: number };
}
interface RowsPlan {
  picked: RowsJob[];
  rest: RowsJob[];
  build: () => SignalData;
}

/** The new arrays of a row operation, the rows to compute into them, and how to assemble the result afterwards. */
function planRows(d: SignalData, picks: readonly number[], opts: { newTimes?: (n: number) => number; other?: unknown }): RowsPlan {
  const picked = new Set(picks);
  if (d.kind === 'raw') {
    const jobs: RowsJob[] = [],
      rest: RowsJob[] = [];
    const parts = d.recordings.map((r) => {
      const n = opts.newTimes ? opts.newTimes(r.nTimes) : r.nTimes;
      const data = r.data.slice();
      const job = { input: picks.map((c) => r.data[c]), output: picks.map(() => new Float32Array(n)) as Row[], group: { sfreq: r.sfreq, nTimes: r.nTimes } };
      jobs.push(job);
      picks.forEach((c, i) => {
        data[c] = job.output[i] as Float32Array;
      });
      if (n !== r.nTimes || opts.other) {
        const others = r.data.map((_, c) => c).filter((c) => !picked.has(c));
        if (others.length) {
          if (!opts.other) throw new Error('mapRows: channels left out of a length-changing operation');
          const o = others.map(() => new Float32Array(n));
          rest.push({ input: others.map((c) => r.data[c]), output: o, group: { sfreq: r.sfreq, nTimes: r.nTimes } });
          others.forEach((c, i) => {
            data[c] = o[i];
          });
        }
      }
      return { ...r, data, nTimes: n };
    });
    return { picked: jobs, rest, build: () => ({ kind: 'raw', recordings: parts }) };
  }
  const e = d.epochs;
  const n = opts.newTimes ? opts.newTimes(e.nTimes) : e.nTimes;
  const out = new Float32Array(e.nEpochs * e.nChannels * n);
  const inRows: Row[] = [],
    outRows: Row[] = [],
    restIn: Row[] = [],
    restOut: Row[] = [];
  for (let k = 0; k < e.nEpochs; k++) {
    for (let c = 0; c < e.nChannels; c++) {
      const src = e.data.subarray((k * e.nChannels + c) * e.nTimes, (k * e.nChannels + c + 1) * e.nTimes);
      const dst = out.subarray((k * e.nChannels + c) * n, (k * e.nChannels + c + 1) * n);
      if (picked.has(c)) {
        inRows.push(src);
        outRows.push(dst);
      } else if (opts.other) {
        restIn.push(src);
        restOut.push(dst);
      } else if (n === e.nTimes) dst.set(src);
      else throw new Error('mapRows: channels left out of a length-changing operation');
    }
  }
  const group = { sfreq: e.sfreq, nTimes: e.nTimes };
  return {
    picked: [{ input: inRows, output: outRows, group }],
    rest: restIn.length ? [{ input: restIn, output: restOut, group }] : [],
    build: () => ({ kind: 'epochs', epochs: { ...e, data: out, nTimes: n }, channelTypes: d.channelTypes }),
  };
}

/**
 * Apply `op` to the picked channels. Channels not picked keep their array (raw) or are copied (epochs); when the
 * length changes (`newTimes`), every channel must be picked or handled by `other`.
 */
export function mapRows(d: SignalData, picks: readonly number[], op: RowOp, opts: { newTimes?: (n: number) => number; other?: RowOp } = {}): SignalData {
  const plan = planRows(d, picks, opts);
  for (const j of plan.picked) op(j.input, j.output, j.group);
  for (const j of plan.rest) opts.other!(j.input, j.output, j.group);
  return plan.build();
}

/** mapRows with an asynchronous op (the worker-pool row operations); recordings are processed one after another. */
export async function mapRowsAsync(
  d: SignalData,
  picks: readonly number[],
  op: AsyncRowOp,
  opts: { newTimes?: (n: number) => number; other?: RowOp } = {},
): Promise<SignalData> {
  const plan = planRows(d, picks, opts);
  for (const j of plan.picked) await op(j.input, j.output, j.group);
  for (const j of plan.rest) opts.other!(j.input, j.output, j.group);
  return plan.build();
}

/**
 * A float32 array whose contents are left as the allocator found them: for outputs the caller overwrites completely,
 * where zeroing first costs a tenth of a re-reference (a full extra write of every output byte once the allocator
 * reuses freed memory). Its own ArrayBuffer, offset 0.
 */
function uninitializedFloat32(n: number): Float32Array {
  const b = Buffer.allocUnsafeSlow(4 * n);
  return new Float32Array(b.buffer, b.byteOffset, n);
}

/**
 * Apply an operation that mixes channels at each sample (re-referencing): `op` receives all channel rows of one
 * recording or one epoch at a time and must write every sample of every output row (they start uninitialised).
 */
export function mapAcrossChannels(d: SignalData, op: (input: readonly Row[], output: readonly Row[]) => void): SignalData {
  if (d.kind === 'raw') {
    const recordings = d.recordings.map((r) => {
      const data = r.data.map(() => uninitializedFloat32(r.nTimes));
      op(r.data, data);
      return { ...r, data };
    });
    return { kind: 'raw', recordings };
  }
  const e = d.epochs;
  const out = uninitializedFloat32(e.data.length);
  const block = e.nChannels * e.nTimes;
  for (let k = 0; k < e.nEpochs; k++) {
    const rows = (a: Float32Array) => Array.from({ length: e.nChannels }, (_, c) => a.subarray(k * block + c * e.nTimes, k * block + (c + 1) * e.nTimes));
    op(rows(e.data), rows(out));
  }
  return { kind: 'epochs', epochs: { ...e, data: out }, channelTypes: d.channelTypes };
}

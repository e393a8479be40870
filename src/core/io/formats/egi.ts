import type { ChannelInfo, RecordingHeader } from '../types';
import { ByteReader, badFile, checkCount, fileSize, readRange, unsupported, utf8Field, clampWindow } from './binary';
import { isoUtc } from './measDate';
import { channelStats, StatsAccumulator } from '../stats';
import { readerResult, headerOf, type FormatReader, type RawContent, type SampleWindow } from './reader';

/** EGI simple binary (.raw, big-endian), as mne/io/egi/egi.py reads it (continuous files only). */
const HEADER = 36;
/** MNE's default exclusion list for the synthesized trigger channel. */
const EXCLUDED_CODES = new Set(['sync', 'TREV']);

interface EgiInfo {
  header: RecordingHeader;
  nEeg: number;
  nEvents: number;
  bytes: 2 | 4 | 8;
  cal: number;
  dataStart: number;
}

const PRECISION: Record<number, 2 | 4 | 8> = { 2: 2, 4: 4, 6: 8 };

async function readEgiHeader(path: string): Promise<EgiInfo> {
  const size = await fileSize(path, 'EGI file');
  if (size < HEADER) throw badFile(path, 'header', `file has ${size} bytes, the header needs ${HEADER}`);
  const h = new ByteReader(await readRange(path, 0, HEADER, 'header'), path, false);
  const version = h.i32('version', 0);
  if (version < 1 || version > 7 || (version & 6) === 0) throw badFile(path, 'version', `not an EGI simple binary file (version ${version})`);
  if ((version & 1) !== 0) throw unsupported(path, 'version', 'segmented (epoched) EGI files are not supported, only continuous ones');
  const bytes = PRECISION[version & 6];
  const [year, month, day, hour, minute, second] = [4, 6, 8, 10, 12, 14].map((o) => h.i16('recording time', o));
  const rate = h.i16('samp_rate', 20);
  const nEeg = h.i16('n_channels', 22);
  const bits = h.i16('bits', 26);
  const range = h.i16('value_range', 28);
  const nSamples = h.i32('n_samples', 30);
  const nEvents = h.i16('n_events', 34);
  if (rate <= 0) throw badFile(path, 'samp_rate', `invalid sampling rate ${rate}`);
  if (nEeg <= 0) throw badFile(path, 'n_channels', `invalid channel count ${nEeg}`);
  if (nEvents < 0) throw badFile(path, 'n_events', `invalid event count ${nEvents}`);
  const dataStart = HEADER + 4 * nEvents;
  checkCount(path, 'n_samples', nSamples, Math.floor(Math.max(0, size - dataStart) / ((nEeg + nEvents) * bytes)));
  const codes: string[] = [];
  if (nEvents > 0) {
    const cb = await readRange(path, HEADER, 4 * nEvents, 'event codes');
    for (let i = 0; i < nEvents; i++) codes.push(utf8Field(cb.subarray(4 * i, 4 * i + 4), path, `event code ${i + 1}`, false));
  }
  // MNE: cal = range / 2^bits when both are set, else 1e-6 (µV); event channels are stim with cal 1
  const cal = range !== 0 && bits !== 0 ? range / 2 ** bits : 1e-6;
  const channels: ChannelInfo[] = [];
  for (let i = 1; i <= nEeg; i++) channels.push({ name: `E${i}`, type: 'eeg', unit: 'V' });
  for (const c of codes) channels.push({ name: c, type: 'stim', unit: 'NA' });
  const header: RecordingHeader = {
    format: 'EGI',
    path,
    sfreq: rate,
    nTimes: nSamples,
    channels,
    measDate: isoUtc(year, month, day, hour, minute, second),
    annotations: [],
  };
  return { header, nEeg, nEvents, bytes, cal, dataStart };
}

function getter(bytes: 2 | 4 | 8): (v: DataView, o: number) => number {
  if (bytes === 2) return (v, o) => v.getInt16(o, false);
  if (bytes === 4) return (v, o) => v.getFloat32(o, false);
  return (v, o) => v.getFloat64(o, false);
}

/** MNE's synthesized "STI 014": included event channels numbered 1..k, null when events overlap in time. */
function combineTriggers(events: Float64Array[], codes: string[]): Float32Array | null {
  const exclude = new Set<number>();
  codes.forEach((c, i) => {
    if (EXCLUDED_CODES.has(c)) exclude.add(i);
  });
  const more: number[] = [];
  events.forEach((e, i) => {
    let s = 0;
    for (const v of e) s += v;
    if (s <= 1 && codes[i]) more.push(i);
  });
  if (exclude.size + more.length !== codes.length) more.forEach((i) => exclude.add(i));
  const include = codes.map((_, i) => i).filter((i) => !exclude.has(i));
  const n = events[0]?.length ?? 0;
  const trig = new Float32Array(n);
  for (let t = 0; t < n; t++) {
    let hits = 0;
    include.forEach((i, k) => {
      if (events[i][t] !== 0) {
        hits++;
        trig[t] += k + 1;
      }
    });
    if (hits > 1) return null;
  }
  return trig;
}

async function readEgi(path: string, window?: SampleWindow): Promise<RawContent> {
  const info = await readEgiHeader(path);
  const { nEeg, nEvents, bytes, cal, dataStart } = info;
  const nTimes = info.header.nTimes;
  const stride = (nEeg + nEvents) * bytes;
  const { start, stop } = clampWindow(window, nTimes, path);
  // the trigger channel depends on every sample of the event channels, so the whole (small) data block is read
  const raw = await readRange(path, dataStart, nTimes * stride, 'samples');
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const get = getter(bytes);
  const events = Array.from({ length: nEvents }, (_, e) => {
    const out = new Float64Array(nTimes);
    for (let t = 0; t < nTimes; t++) out[t] = get(view, t * stride + (nEeg + e) * bytes);
    return out;
  });
  const codes = info.header.channels.slice(nEeg).map((c) => c.name);
  const trigger = nEvents > 0 ? combineTriggers(events, codes) : null;
  const data: Float32Array[] = [];
  const acc = window ? undefined : new StatsAccumulator(nEeg);
  for (let c = 0; c < nEeg; c++) {
    const out = new Float32Array(stop - start);
    for (let t = start; t < stop; t++) {
      const x = get(view, t * stride + c * bytes) * cal;
      out[t - start] = x;
      acc?.add(c, x);
    }
    data.push(out);
  }
  for (const e of events) data.push(Float32Array.from(e.subarray(start, stop)));
  const channels = [...info.header.channels];
  if (trigger) {
    channels.push({ name: 'STI 014', type: 'stim', unit: 'NA' });
    data.push(trigger.slice(start, stop));
  }
  let exactStats;
  if (acc) {
    // event/trigger channels hold small integers: their float32 copies are exact
    const eeg = acc.result();
    const rest = channelStats(data.slice(nEeg));
    exactStats = { mean: [...eeg.mean, ...rest.mean], std: [...eeg.std, ...rest.std] };
  }
  return readerResult({ ...info.header, channels }, data, window, start, exactStats);
}

/**
 * EGI simple binary .raw (continuous; int16/float32/float64 by version). Event channels are stim channels and, as in
 * MNE, a trigger channel "STI 014" is synthesized from them when they do not overlap (its presence depends on the
 * event samples, so `readHeader` reads the event channels too — simple binary files are small — to list the same
 * channels as `read`).
 */
export const egiReader: FormatReader = {
  format: 'EGI',
  extensions: ['.raw'],
  readHeader: async (path: string) => headerOf(await readEgi(path, { start: 0, stop: 0 })),
  read: readEgi,
};

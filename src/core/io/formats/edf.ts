/**
 * EDF, EDF+ and BDF (BioSemi 24-bit) as MNE 1.3's `read_raw_edf` / `read_raw_bdf` read them:
 * - samples = ((digital · cal) + offset) · unitFactor with cal = Δphysical / Δdigital, offset = physMin − digMin · cal
 *   (float64), unit factor 1e-6 for uV/µV, 1e-3 for mV, 1 otherwise;
 * - `EDF Annotations` / `BDF Annotations` signals are not channels: their TALs become annotations (UTF-8 text,
 *   several annotation signals concatenated signal by signal, onsets relative to the first record's time-keeping TAL);
 * - channels labelled Status/Trigger (any case) are stim channels: raw digital values, masked to 17 bits at full rate;
 * - channels stored at a lower rate are brought to the highest rate record by record with MNE's FFT resample
 *   (npad=0), stim channels by zero-order hold; the own-rate samples stay available in `ownRate`.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resamplePair, resamplePlan, resampleScratch } from '../../signal/resample';
import { XBrainError } from '../../errors';
import { StatsAccumulator } from '../stats';
import { badField, ChunkReader, fileSize, isoUtc, latin1, readBytes } from '../fileBytes';
import type { Annotation, ChannelInfo, RecordingHeader } from '../types';
import { readerResult, type FormatReader, type RawContent, type SampleWindow } from './reader';
import { finishAnnotations, parseTals } from './tal';

export interface EdfSignal {
  label: string;
  transducer: string;
  dimension: string;
  physMin: number;
  physMax: number;
  digMin: number;
  digMax: number;
  prefilter: string;
  samplesPerRecord: number;
}

/** Everything needed to locate and scale samples; parsed from the header only. */
export interface EdfLayout {
  path: string;
  isBdf: boolean;
  /** "EDF", "EDF+C", "EDF+D", "BDF", "BDF+C" … */
  formatLabel: string;
  bytesPerSample: 2 | 3;
  headerBytes: number;
  nRecords: number;
  recordDuration: number;
  signals: EdfSignal[];
  /** header signal index of each channel (annotation signals excluded) */
  dataSignals: number[];
  annotationSignals: number[];
  stim: boolean[];
  cal: Float64Array;
  offset: Float64Array;
  gain: Float64Array;
  /** sample offset of each header signal inside one record */
  signalOffsets: number[];
  recordSamples: number;
  recordBytes: number;
  maxSamp: number;
  sfreq: number;
  nTimes: number;
  channels: ChannelInfo[];
  measDate: string | null;
  patientId: string;
  recordingId: string;
}

function field(bytes: Uint8Array, start: number, len: number): string {
  return latin1(bytes.subarray(start, start + len)).trim();
}

function num(path: string, text: string, name: string, integer: boolean): number {
  const v = Number(text);
  if (text === '' || !Number.isFinite(v) || (integer && !Number.isInteger(v)))
    throw badField(path, name, `"${text}" is not a${integer ? 'n integer' : ' number'}`);
  return v;
}

function unitFactor(dim: string): number {
  if (dim === 'uV' || dim === 'µV' || dim === 'μV') return 1e-6;
  if (dim === 'mV') return 1e-3;
  return 1;
}

/** MNE's `_unique_channel_names`: every occurrence of a repeated name becomes name-0, name-1, … */
export function uniqueNames(names: string[]): string[] {
  const count = new Map<string, number>();
  for (const n of names) count.set(n, (count.get(n) ?? 0) + 1);
  const seen = new Map<string, number>();
  return names.map((n) => {
    if ((count.get(n) ?? 0) < 2) return n;
    const k = seen.get(n) ?? 0;
    seen.set(n, k + 1);
    return `${n}-${k}`;
  });
}

function parseDate(date: string, time: string): string | null {
  const d = date.match(/\d+/g),
    t = time.match(/\d+/g);
  if (!d || !t || d.length !== 3 || t.length !== 3) return null;
  const [day, month, yy] = d.map(Number);
  const [h, m, s] = t.map(Number);
  const year = yy + (yy < 85 ? 2000 : 1900);
  if (month < 1 || month > 12 || day < 1 || day > 31 || h > 23 || m > 59 || s > 60) return null;
  return isoUtc(new Date(Date.UTC(year, month - 1, day, h, m, s)));
}

const MAX_SIGNALS = 4096;

/** Parses the fixed and per-signal header (never sample data). */
export async function readEdfLayout(path: string): Promise<EdfLayout> {
  const size = await fileSize(path);
  if (size < 256) throw badField(path, 'header', `file has ${size} bytes, an EDF/BDF header needs at least 256`);
  const fixed = await readBytes(path, 0, 256, 'fixed header');
  const isBdf = fixed[0] === 0xff && latin1(fixed.subarray(1, 8)) === 'BIOSEMI';
  const version = field(fixed, 0, 8);
  if (!isBdf && version !== '0') throw badField(path, 'version', `"${version}" (EDF needs "0", BDF needs 0xFF "BIOSEMI")`);
  const headerBytes = num(path, field(fixed, 184, 8), 'header bytes', true);
  const reserved = field(fixed, 192, 44);
  let nRecords = num(path, field(fixed, 236, 8), 'number of data records', true);
  let recordDuration = num(path, field(fixed, 244, 8), 'record duration', false);
  const ns = num(path, field(fixed, 252, 4), 'number of signals', true);
  if (ns < 1 || ns > MAX_SIGNALS) throw badField(path, 'number of signals', `${ns} (expected 1..${MAX_SIGNALS})`);
  if (headerBytes !== 256 * (ns + 1)) throw badField(path, 'header bytes', `${headerBytes} (for ${ns} signals it must be ${256 * (ns + 1)})`);
  if (size < headerBytes) throw badField(path, 'header', `file has ${size} bytes, the header needs ${headerBytes}`);
  if (recordDuration < 0) throw badField(path, 'record duration', `${recordDuration} is negative`);
  if (recordDuration === 0) recordDuration = 1; // MNE: "Default record length set to 1."
  const sig = await readBytes(path, 256, headerBytes - 256, 'signal headers');
  const col = (offset: number, width: number, i: number): string => field(sig, offset * ns + width * i, width);
  const signals: EdfSignal[] = [];
  for (let i = 0; i < ns; i++) {
    const label = col(0, 16, i);
    signals.push({
      label,
      transducer: col(16, 80, i),
      dimension: col(96, 8, i),
      physMin: num(path, col(104, 8, i), `physical minimum of signal ${i + 1} (${label})`, false),
      physMax: num(path, col(112, 8, i), `physical maximum of signal ${i + 1} (${label})`, false),
      digMin: num(path, col(120, 8, i), `digital minimum of signal ${i + 1} (${label})`, false),
      digMax: num(path, col(128, 8, i), `digital maximum of signal ${i + 1} (${label})`, false),
      prefilter: col(136, 80, i),
      samplesPerRecord: num(path, col(216, 8, i), `samples per record of signal ${i + 1} (${label})`, true),
    });
  }
  const bytesPerSample: 2 | 3 = isBdf ? 3 : 2;
  const signalOffsets: number[] = [];
  let recordSamples = 0;
  for (const [i, s] of signals.entries()) {
    if (s.samplesPerRecord < 1 || s.samplesPerRecord > 1e7) throw badField(path, `samples per record of signal ${i + 1} (${s.label})`, `${s.samplesPerRecord}`);
    signalOffsets.push(recordSamples);
    recordSamples += s.samplesPerRecord;
  }
  const recordBytes = recordSamples * bytesPerSample;
  const available = Math.floor((size - headerBytes) / recordBytes);
  if (nRecords === -1 || nRecords > available) nRecords = available; // MNE trusts the file size over the header
  if (nRecords < 0) throw badField(path, 'number of data records', `${nRecords}`);
  const annotationSignals: number[] = [];
  const dataSignals: number[] = [];
  for (const [i, s] of signals.entries()) {
    if (s.label === 'EDF Annotations' || s.label === 'BDF Annotations') annotationSignals.push(i);
    else dataSignals.push(i);
  }
  if (dataSignals.length === 0) throw badField(path, 'signals', 'the file has only annotation signals');
  const names = uniqueNames(dataSignals.map((i) => signals[i].label));
  const nCh = dataSignals.length;
  const cal = new Float64Array(nCh),
    offset = new Float64Array(nCh),
    gain = new Float64Array(nCh);
  const stim: boolean[] = [];
  let maxSamp = 0;
  for (const i of dataSignals) maxSamp = Math.max(maxSamp, signals[i].samplesPerRecord);
  const sfreq = maxSamp / recordDuration;
  const channels: ChannelInfo[] = dataSignals.map((i, c) => {
    const s = signals[i];
    const isStim = ['status', 'trigger'].includes(s.label.toLowerCase());
    stim.push(isStim);
    if (isStim) {
      cal[c] = 1;
      offset[c] = 0;
      gain[c] = 1;
    } else {
      if (s.digMax === s.digMin) throw badField(path, `digital range of signal ${i + 1} (${s.label})`, `minimum equals maximum (${s.digMin})`);
      cal[c] = (s.physMax - s.physMin) / (s.digMax - s.digMin);
      offset[c] = s.physMin - s.digMin * cal[c];
      gain[c] = unitFactor(s.dimension);
    }
    const info: ChannelInfo = { name: names[c], type: isStim ? 'stim' : 'eeg', unit: isStim ? 'NA' : 'V' };
    if (s.samplesPerRecord !== maxSamp) info.ownSfreq = s.samplesPerRecord / recordDuration;
    return info;
  });
  const plus = reserved.startsWith('EDF+') || reserved.startsWith('BDF+') ? reserved.slice(0, 5).replace('BDF', isBdf ? 'BDF' : 'EDF') : '';
  const formatLabel = plus || (isBdf ? 'BDF' : 'EDF');
  return {
    path,
    isBdf,
    formatLabel,
    bytesPerSample,
    headerBytes,
    nRecords,
    recordDuration,
    signals,
    dataSignals,
    annotationSignals,
    stim,
    cal,
    offset,
    gain,
    signalOffsets,
    recordSamples,
    recordBytes,
    maxSamp,
    sfreq,
    nTimes: nRecords * maxSamp,
    channels,
    measDate: parseDate(field(fixed, 168, 8), field(fixed, 176, 8)),
    patientId: field(fixed, 8, 80),
    recordingId: field(fixed, 88, 80),
  };
}

/** Annotation-signal bytes of every record, signal by signal, read record by record without the sample data. */
function readTalBytes(layout: EdfLayout): Uint8Array[] {
  const { annotationSignals, nRecords, recordBytes, headerBytes, bytesPerSample, signals, signalOffsets } = layout;
  if (annotationSignals.length === 0 || nRecords === 0) return [];
  const fd = openSync(layout.path, 'r');
  try {
    return annotationSignals.map((si) => {
      const len = signals[si].samplesPerRecord * bytesPerSample;
      const out = new Uint8Array(len * nRecords);
      for (let r = 0; r < nRecords; r++) {
        const pos = headerBytes + r * recordBytes + signalOffsets[si] * bytesPerSample;
        const got = readSync(fd, out, r * len, len, pos);
        if (got !== len) throw badField(layout.path, 'annotation signal', `record ${r} is truncated`);
      }
      return out;
    });
  } finally {
    closeSync(fd);
  }
}

function annotationsOf(layout: EdfLayout, talBytes: Uint8Array[]): Annotation[] {
  return finishAnnotations(parseTals(talBytes), layout.nTimes / layout.sfreq);
}

function header(layout: EdfLayout, annotations: Annotation[]): RecordingHeader {
  return {
    format: layout.isBdf ? 'BDF' : layout.formatLabel.startsWith('EDF+') || layout.annotationSignals.length > 0 ? 'EDF+' : 'EDF',
    path: layout.path,
    sfreq: layout.sfreq,
    nTimes: layout.nTimes,
    channels: layout.channels,
    measDate: layout.measDate,
    annotations,
  };
}

/**
 * Annotations of recently read files, keyed by path and checked against size and mtime: the epochs viewer reads many
 * windows of one long recording, and gathering the TALs of an hour takes thousands of small reads. Only window reads
 * reuse an entry (file timestamps are coarse: a same-size rewrite within a few ms would look unchanged); full and
 * header reads always parse and refresh it.
 */
const talCache = new Map<string, { size: number; mtimeMs: number; annotations: Annotation[] }>();
const TAL_CACHE_MAX = 16;

async function cachedAnnotations(layout: EdfLayout, compute: () => Annotation[], reuse: boolean): Promise<Annotation[]> {
  const st = await stat(layout.path);
  const hit = talCache.get(layout.path);
  if (reuse && hit && hit.size === st.size && hit.mtimeMs === st.mtimeMs) return hit.annotations;
  const annotations = compute();
  talCache.delete(layout.path);
  talCache.set(layout.path, { size: st.size, mtimeMs: st.mtimeMs, annotations });
  if (talCache.size > TAL_CACHE_MAX) talCache.delete(talCache.keys().next().value as string);
  return annotations;
}

export async function readEdfHeader(path: string): Promise<RecordingHeader> {
  const layout = await readEdfLayout(path);
  return header(layout, await cachedAnnotations(layout, () => annotationsOf(layout, readTalBytes(layout)), false));
}

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** Bytes per read chunk: bounds the transient memory on long recordings. */
const CHUNK_BYTES = 512 * 1024;

export function checkWindow(layout: { path: string; nTimes: number }, window: SampleWindow | undefined): SampleWindow {
  if (!window) return { start: 0, stop: layout.nTimes };
  const { start, stop } = window;
  if (!Number.isInteger(start) || !Number.isInteger(stop) || start < 0 || stop > layout.nTimes || start > stop) {
    throw new XBrainError('invalid_arguments', `${layout.path}: window [${start}, ${stop}) is outside the recording [0, ${layout.nTimes})`, {
      path: layout.path,
      field: 'window',
    });
  }
  return { start, stop };
}

/**
 * Reads samples (and, for a full read, the annotation signals) of an EDF/BDF file; `layout`, when the caller has
 * read the header already (io/read.ts openRecording), is used instead of reading it again.
 */
export async function readEdf(path: string, window?: SampleWindow, layout?: EdfLayout): Promise<RawContent> {
  layout ??= await readEdfLayout(path);
  const win = checkWindow(layout, window);
  const { maxSamp, recordBytes, headerBytes, dataSignals, signals, signalOffsets, bytesPerSample, stim } = layout;
  const r0 = Math.floor(win.start / maxSamp);
  const r1 = win.stop === win.start ? r0 : Math.ceil(win.stop / maxSamp);
  const nRec = r1 - r0;
  const nCh = dataSignals.length;
  const own: Float32Array[] = dataSignals.map((si) => new Float32Array(nRec * signals[si].samplesPerRecord));
  const fullWindow = !window || (win.start === 0 && win.stop === layout.nTimes);
  const talParts: Uint8Array[][] = layout.annotationSignals.map(() => []);
  const acc = fullWindow ? new StatsAccumulator(nCh) : null;
  const recPerChunk = Math.max(1, Math.floor(CHUNK_BYTES / recordBytes));
  const reader = nRec > 0 ? await ChunkReader.open(path) : null;
  // nRec records exist in the file (the layout clamps to its size), so this never exceeds the file
  const chunk = new Uint8Array(new ArrayBuffer(Math.min(recPerChunk, nRec) * recordBytes));
  try {
    for (let rc = r0; rc < r1; rc += recPerChunk) {
      const n = Math.min(recPerChunk, r1 - rc);
      const bytes = await reader!.readInto(chunk, n * recordBytes, headerBytes + rc * recordBytes, `data records ${rc}..${rc + n - 1}`);
      if (fullWindow) {
        layout.annotationSignals.forEach((si, k) => {
          const len = signals[si].samplesPerRecord * bytesPerSample;
          for (let r = 0; r < n; r++) {
            const p = r * recordBytes + signalOffsets[si] * bytesPerSample;
            talParts[k].push(bytes.slice(p, p + len)); // a copy: the chunk buffer is reused
          }
        });
      }
      decodeRecords(layout, bytes, n, rc - r0, own, acc);
    }
  } finally {
    await reader?.close();
  }
  // full-rate channels are ready; lower-rate ones are brought to maxSamp per record (MNE's per-block resample)
  const data: Float32Array[] = [];
  const ownRate: (Float32Array | undefined)[] = [];
  let anyOwn = false;
  for (let c = 0; c < nCh; c++) {
    const ns = signals[dataSignals[c]].samplesPerRecord;
    let full: Float32Array;
    if (ns === maxSamp) {
      full = own[c];
      ownRate.push(undefined);
    } else {
      anyOwn = true;
      full = stim[c] ? holdUp(own[c], ns, maxSamp, nRec) : resampleRecords(own[c], ns, maxSamp, nRec, acc, c);
      ownRate.push(own[c]);
    }
    const off = win.start - r0 * maxSamp;
    data.push(off === 0 && full.length === win.stop - win.start ? full : full.slice(off, off + win.stop - win.start));
  }
  const annotations = await cachedAnnotations(
    layout,
    () =>
      fullWindow
        ? annotationsOf(
            layout,
            talParts.map((parts) => concat(parts)),
          )
        : annotationsOf(layout, readTalBytes(layout)),
    !fullWindow,
  );
  if (acc) {
    // stim channels hold small integers (exact in float32): their statistics come from the stored samples
    for (let c = 0; c < nCh; c++) if (stim[c]) for (const v of data[c]) acc.add(c, v);
  }
  const out = readerResult(header(layout, annotations), data, window, win.start, acc?.result());
  if (anyOwn) {
    // own-rate arrays cover whole records; trim to the window at each channel's own rate
    out.ownRate = ownRate.map((a, c) => {
      if (!a) return undefined;
      const ns = signals[dataSignals[c]].samplesPerRecord;
      const s = Math.floor(((win.start - r0 * maxSamp) * ns) / maxSamp);
      const e = Math.ceil(((win.stop - r0 * maxSamp) * ns) / maxSamp);
      return s === 0 && e === a.length ? a : a.slice(s, e);
    });
  }
  return out;
}

/** The chunk buffer of readEdfSamplesSync, reused from file to file. */
let syncChunk = new Uint8Array(0);

/**
 * Every sample of an EDF/BDF file read synchronously from an open descriptor: the values readEdf gives for the whole
 * file (the same decodeRecords / resampleRecords / holdUp, without the statistics, which do not change the samples).
 * The full-rate channels are views of one buffer (one allocation per recording, not one per channel). For recordings
 * a Study keeps backed by their source file (src/core/io/sourceFile.ts) and decodes where their rows are touched.
 */
export function readEdfSamplesSync(layout: EdfLayout, fd: number): Float32Array[] {
  const { nRecords, maxSamp, recordBytes, headerBytes, dataSignals, signals, stim } = layout;
  const nCh = dataSignals.length;
  const fullRate = dataSignals.filter((si) => signals[si].samplesPerRecord === maxSamp).length;
  const block = Buffer.allocUnsafeSlow(fullRate * nRecords * maxSamp * 4);
  let next = 0;
  const own: Float32Array[] = dataSignals.map((si) => {
    const n = nRecords * signals[si].samplesPerRecord;
    if (signals[si].samplesPerRecord !== maxSamp) return new Float32Array(n);
    const a = new Float32Array(block.buffer, block.byteOffset + next * 4, n);
    next += n;
    return a;
  });
  const recPerChunk = Math.max(1, Math.floor(CHUNK_BYTES / recordBytes));
  const need = Math.max(1, Math.min(recPerChunk, nRecords)) * recordBytes;
  // one chunk buffer for every synchronous read (nothing else runs while it is in use)
  if (syncChunk.byteLength < need) syncChunk = new Uint8Array(need);
  const chunk = syncChunk;
  for (let rc = 0; rc < nRecords; rc += recPerChunk) {
    const n = Math.min(recPerChunk, nRecords - rc);
    const len = n * recordBytes,
      pos = headerBytes + rc * recordBytes;
    let done = 0;
    while (done < len) {
      const got = readSync(fd, chunk, done, len - done, pos + done);
      if (got === 0)
        throw new XBrainError(
          'bad_file',
          `${layout.path}: file is truncated while reading data records ${rc}..${rc + n - 1} (needed ${len} bytes at offset ${pos}, got ${done})`,
          {
            path: layout.path,
            field: 'data records',
          },
        );
      done += got;
    }
    decodeRecords(layout, chunk.subarray(0, len), n, rc, own, null);
  }
  const data: Float32Array[] = [];
  for (let c = 0; c < nCh; c++) {
    const ns = signals[dataSignals[c]].samplesPerRecord;
    data.push(ns === maxSamp ? own[c] : stim[c] ? holdUp(own[c], ns, maxSamp, nRecords) : resampleRecords(own[c], ns, maxSamp, nRecords, null, c));
  }
  return data;
}

/** An EDF/BDF file's header and sample layout with its size and modification time when they were read. */
export interface EdfSource {
  header: RecordingHeader;
  layout: EdfLayout;
  size: number;
  mtimeMs: number;
}

/** The header and sample layout of an EDF/BDF file with its size and modification time, for a source-backed recording. */
export async function readEdfSource(path: string): Promise<EdfSource> {
  const st = statSync(path);
  const layout = await readEdfLayout(path);
  const annotations = await cachedAnnotations(layout, () => annotationsOf(layout, readTalBytes(layout)), false);
  return { header: header(layout, annotations), layout, size: st.size, mtimeMs: st.mtimeMs };
}

export function concat(parts: Uint8Array[]): Uint8Array {
  let len = 0;
  for (const p of parts) len += p.length;
  const out = new Uint8Array(len);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/**
 * Decodes n records from `bytes` into the own-rate channel arrays, starting at record index `recBase`; full-rate
 * calibrated channels also feed the float64 statistics.
 */
function decodeRecords(layout: EdfLayout, bytes: Uint8Array, n: number, recBase: number, own: Float32Array[], acc: StatsAccumulator | null): void {
  const { dataSignals, signals, signalOffsets, recordSamples, cal, offset, gain, stim, isBdf, maxSamp } = layout;
  const i16 = !isBdf && littleEndian ? new Int16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 1) : null;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const digital = (p: number): number => {
    if (isBdf) return ((bytes[p * 3] | (bytes[p * 3 + 1] << 8) | (bytes[p * 3 + 2] << 16)) << 8) >> 8;
    return i16 ? i16[p] : dv.getInt16(p * 2, true);
  };
  for (let c = 0; c < dataSignals.length; c++) {
    const si = dataSignals[c];
    const ns = signals[si].samplesPerRecord;
    const out = own[c];
    const k = cal[c],
      o = offset[c],
      g = gain[c];
    if (stim[c]) {
      const mask = ns === maxSamp;
      for (let r = 0; r < n; r++) {
        const src = r * recordSamples + signalOffsets[si],
          dst = (recBase + r) * ns;
        for (let i = 0; i < ns; i++) {
          const v = digital(src + i);
          out[dst + i] = mask ? v & 0x1ffff : v;
        }
      }
      continue;
    }
    const track = acc !== null && ns === maxSamp;
    const shift = track ? acc.shiftOf(c, (digital(signalOffsets[si]) * k + o) * g) : 0;
    let s1 = 0,
      s2 = 0;
    for (let r = 0; r < n; r++) {
      const src = r * recordSamples + signalOffsets[si],
        dst = (recBase + r) * ns;
      if (i16 && !track) {
        // no statistics asked for (a source-backed read): the same samples without the sums
        for (let i = 0; i < ns; i++) out[dst + i] = (i16[src + i] * k + o) * g;
      } else if (i16) {
        for (let i = 0; i < ns; i++) {
          const x = (i16[src + i] * k + o) * g;
          out[dst + i] = x;
          const d = x - shift;
          s1 += d;
          s2 += d * d;
        }
      } else {
        for (let i = 0; i < ns; i++) {
          const x = (digital(src + i) * k + o) * g;
          out[dst + i] = x;
          const d = x - shift;
          s1 += d;
          s2 += d * d;
        }
      }
    }
    if (track) acc.addSums(c, s1, s2, n * ns);
  }
}

/** MNE: lower-rate stim channels are interpolated with kind='zero' from linspace(0,1,n+1) onto linspace(0,1,m,False). */
export function holdUp(own: Float32Array, ns: number, m: number, nRec: number): Float32Array {
  const out = new Float32Array(nRec * m);
  for (let r = 0; r < nRec; r++) {
    for (let j = 0; j < m; j++) out[r * m + j] = own[r * ns + Math.min(ns - 1, Math.floor((j * ns) / m))];
  }
  return out;
}

/** MNE 1.3 resamples each record of a lower-rate channel on its own: `resample(block, m, ns, npad=0)`. */
export function resampleRecords(own: Float32Array, ns: number, m: number, nRec: number, acc: StatsAccumulator | null, c: number): Float32Array {
  const plan = resamplePlan(ns, m, ns, 0);
  const scratch = resampleScratch(plan);
  const out = new Float32Array(nRec * m);
  const a = new Float64Array(m),
    b = new Float64Array(m);
  for (let r = 0; r < nRec; r += 2) {
    const hasB = r + 1 < nRec;
    resamplePair(own.subarray(r * ns, (r + 1) * ns), hasB ? own.subarray((r + 1) * ns, (r + 2) * ns) : null, plan, a, hasB ? b : null, scratch);
    out.set(a, r * m);
    if (hasB) out.set(b, (r + 1) * m);
    if (acc) {
      for (let i = 0; i < m; i++) acc.add(c, a[i]);
      if (hasB) for (let i = 0; i < m; i++) acc.add(c, b[i]);
    }
  }
  return out;
}

export const edfReader: FormatReader = {
  format: 'EDF',
  extensions: ['.edf'],
  readHeader: readEdfHeader,
  read: readEdf,
};

export const bdfReader: FormatReader = {
  format: 'BDF',
  extensions: ['.bdf'],
  readHeader: readEdfHeader,
  read: readEdf,
};

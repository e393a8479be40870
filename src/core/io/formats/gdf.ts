/**
 * GDF 1.x and 2.x as MNE 1.3's `read_raw_gdf` reads them (header layouts, record fraction, per-channel data types,
 * event table → annotations with description = event code, onset = (pos − 1) / sfreq, duration ≥ 1 sample).
 * Units: GDF 2 physical-dimension codes are decoded (4256 = V with the decimal prefix in the low 5 bits, e.g. 4274 mV,
 * 4275 µV); GDF 1 text units uV/µV/mV are scaled to volts (MNE 1.3 only knows "uV" in GDF 1 and leaves "µV" in
 * microvolts; the shared truth corrects that to volts, and so do we).
 */
import { XBrainError } from '../../errors';
import { StatsAccumulator } from '../stats';
import { badField, fileSize, isoUtc, latin1, readBytes } from '../fileBytes';
import type { Annotation, ChannelInfo, RecordingHeader } from '../types';
import { checkWindow, holdUp, resampleRecords, uniqueNames } from './edf';
import { readerResult, type FormatReader, type RawContent, type SampleWindow } from './reader';
import { finishAnnotations } from './tal';

/** GDF type code → bytes and little-endian decoder. */
const GDF_TYPES: Record<number, { bytes: number; read: (dv: DataView, p: number) => number }> = {
  1: { bytes: 1, read: (dv, p) => dv.getInt8(p) },
  2: { bytes: 1, read: (dv, p) => dv.getUint8(p) },
  3: { bytes: 2, read: (dv, p) => dv.getInt16(p, true) },
  4: { bytes: 2, read: (dv, p) => dv.getUint16(p, true) },
  5: { bytes: 4, read: (dv, p) => dv.getInt32(p, true) },
  6: { bytes: 4, read: (dv, p) => dv.getUint32(p, true) },
  7: { bytes: 8, read: (dv, p) => Number(dv.getBigInt64(p, true)) },
  8: { bytes: 8, read: (dv, p) => Number(dv.getBigUint64(p, true)) },
  16: { bytes: 4, read: (dv, p) => dv.getFloat32(p, true) },
  17: { bytes: 8, read: (dv, p) => dv.getFloat64(p, true) },
  279: { bytes: 3, read: (dv, p) => ((dv.getUint8(p) | (dv.getUint8(p + 1) << 8) | (dv.getUint8(p + 2) << 16)) << 8) >> 8 },
  535: { bytes: 3, read: (dv, p) => dv.getUint8(p) | (dv.getUint8(p + 1) << 8) | (dv.getUint8(p + 2) << 16) },
};

/** BioSig DecimalFactors: prefix code (low 5 bits of a unit code) → factor. */
const DECIMAL: Record<number, number> = {
  0: 1,
  1: 1e1,
  2: 1e2,
  3: 1e3,
  4: 1e6,
  5: 1e9,
  6: 1e12,
  7: 1e15,
  8: 1e18,
  9: 1e21,
  10: 1e24,
  16: 1e-1,
  17: 1e-2,
  18: 1e-3,
  19: 1e-6,
  20: 1e-9,
  21: 1e-12,
  22: 1e-15,
  23: 1e-18,
  24: 1e-21,
  25: 1e-24,
};

interface GdfLayout {
  path: string;
  version: number;
  versionText: string;
  headerBytes: number;
  nRecords: number;
  /** record duration as the fraction num/den seconds */
  durNum: number;
  durDen: number;
  labels: string[];
  unitText: string[];
  physMin: number[];
  physMax: number[];
  digMin: number[];
  digMax: number[];
  samples: number[];
  types: number[];
  /** byte offset of each channel inside a record */
  byteOffsets: number[];
  recordBytes: number;
  maxSamp: number;
  sfreq: number;
  nTimes: number;
  channels: ChannelInfo[];
  stim: boolean[];
  cal: Float64Array;
  offset: Float64Array;
  gain: Float64Array;
  measDate: string | null;
  fileSize: number;
}

const MAX_SIGNALS = 4096;

function cleanLabel(b: Uint8Array): string {
  return latin1(b).replace(/^[ \0]+|[ \0]+$/g, '');
}

function gdf1Date(text: string): string | null {
  const t = text.slice(0, 14).concat(text.slice(14, 16).trim() === '' ? '00' : text.slice(14, 16));
  if (!/^\d{16}$/.test(t)) return null;
  const n = (a: number, b: number): number => Number(t.slice(a, b));
  const ms = Date.UTC(n(0, 4), n(4, 6) - 1, n(6, 8), n(8, 10), n(10, 12), n(12, 14), n(14, 16) * 10);
  return Number.isFinite(ms) ? isoUtc(new Date(ms)) : null;
}

function gdf2Date(dv: DataView, at: number): string | null {
  const frac = dv.getUint32(at, true),
    days = dv.getUint32(at + 4, true);
  if (days === 0) return null;
  // days since 0000-01-01 (MATLAB datenum); 719529 is 1970-01-01
  const ms = Math.round((days + frac / 2 ** 32 - 719529) * 86400000);
  const d = new Date(ms);
  return Number.isFinite(d.getTime()) ? isoUtc(d) : null;
}

function unitFromCode(code: number): { factor: number; text: string } {
  const base = code & ~31,
    prefix = code & 31;
  if (base === 4256 && prefix in DECIMAL) return { factor: DECIMAL[prefix], text: `code ${code}` };
  return { factor: 1, text: `code ${code}` };
}

function unitFromText(text: string): number {
  if (text.startsWith('uV') || text.startsWith('µV') || text.startsWith('μV')) return 1e-6;
  if (text.startsWith('mV')) return 1e-3;
  return 1;
}

export async function readGdfLayout(path: string): Promise<GdfLayout> {
  const size = await fileSize(path);
  if (size < 256) throw badField(path, 'header', `file has ${size} bytes, a GDF header needs at least 256`);
  const fixed = await readBytes(path, 0, 256, 'fixed header');
  const fdv = new DataView(fixed.buffer);
  const versionText = latin1(fixed.subarray(0, 8));
  const m = versionText.match(/^GDF\s*(\d+\.\d+)/);
  if (!m) throw badField(path, 'version', `"${versionText.trim()}" is not a GDF version`);
  const version = Number(m[1]);
  if (version < 1 || version >= 3) throw badField(path, 'version', `GDF ${m[1]} is not supported (1.x and 2.x are)`);
  const v2 = version >= 1.9;
  const headerBytes = v2 ? fdv.getUint16(184, true) * 256 : Number(fdv.getBigInt64(184, true));
  let nRecords = Number(fdv.getBigInt64(236, true));
  let durNum = fdv.getUint32(244, true);
  const durDen = fdv.getUint32(248, true);
  const ns = v2 ? fdv.getUint16(252, true) : fdv.getUint32(252, true);
  if (ns < 1 || ns > MAX_SIGNALS) throw badField(path, 'number of signals', `${ns} (expected 1..${MAX_SIGNALS})`);
  if (headerBytes < 256 * (ns + 1) || headerBytes > size)
    throw badField(path, 'header length', `${headerBytes} bytes for ${ns} signals in a ${size}-byte file`);
  if (durDen === 0) throw badField(path, 'record duration', 'denominator is 0');
  if (durNum === 0) durNum = 1; // MNE: "Default record length set to 1."
  const measDate = v2 ? gdf2Date(fdv, 168) : gdf1Date(latin1(fixed.subarray(168, 184)));
  const vb = await readBytes(path, 256, 256 * ns, 'signal headers');
  const dv = new DataView(vb.buffer);
  const labels: string[] = [],
    unitText: string[] = [],
    physMin: number[] = [],
    physMax: number[] = [],
    digMin: number[] = [],
    digMax: number[] = [];
  const samples: number[] = [],
    types: number[] = [],
    gain: number[] = [];
  for (let i = 0; i < ns; i++) {
    labels.push(cleanLabel(vb.subarray(16 * i, 16 * i + 16)));
    if (v2) {
      const code = dv.getUint16(ns * 102 + 2 * i, true);
      const u = unitFromCode(code);
      unitText.push(code === 0 ? cleanLabel(vb.subarray(ns * 96 + 6 * i, ns * 96 + 6 * i + 6)) : u.text);
      gain.push(code === 0 ? unitFromText(unitText[i]) : u.factor);
      physMin.push(dv.getFloat64(ns * 104 + 8 * i, true));
      physMax.push(dv.getFloat64(ns * 112 + 8 * i, true));
      digMin.push(dv.getFloat64(ns * 120 + 8 * i, true));
      digMax.push(dv.getFloat64(ns * 128 + 8 * i, true));
      samples.push(dv.getUint32(ns * 216 + 4 * i, true));
      types.push(dv.getUint32(ns * 220 + 4 * i, true));
    } else {
      unitText.push(cleanLabel(vb.subarray(ns * 96 + 8 * i, ns * 96 + 8 * i + 8)));
      gain.push(unitFromText(unitText[i]));
      physMin.push(dv.getFloat64(ns * 104 + 8 * i, true));
      physMax.push(dv.getFloat64(ns * 112 + 8 * i, true));
      digMin.push(Number(dv.getBigInt64(ns * 120 + 8 * i, true)));
      digMax.push(Number(dv.getBigInt64(ns * 128 + 8 * i, true)));
      samples.push(dv.getUint32(ns * 216 + 4 * i, true));
      types.push(dv.getUint32(ns * 220 + 4 * i, true));
    }
  }
  const byteOffsets: number[] = [];
  let recordBytes = 0;
  for (let i = 0; i < ns; i++) {
    const t = GDF_TYPES[types[i]];
    if (!t) throw badField(path, `data type of channel ${i + 1} (${labels[i]})`, `GDF type code ${types[i]} is not supported`);
    if (samples[i] < 1 || samples[i] > 1e7) throw badField(path, `samples per record of channel ${i + 1} (${labels[i]})`, `${samples[i]}`);
    byteOffsets.push(recordBytes);
    recordBytes += t.bytes * samples[i];
  }
  const available = Math.floor((size - headerBytes) / recordBytes);
  if (nRecords === -1) nRecords = available;
  if (nRecords < 0) throw badField(path, 'number of data records', `${nRecords}`);
  if (nRecords > available) throw badField(path, 'number of data records', `header says ${nRecords}, the file holds ${available} (truncated file?)`);
  const maxSamp = Math.max(...samples);
  const sfreq = (maxSamp * durDen) / durNum;
  const names = uniqueNames(labels);
  const cal = new Float64Array(ns),
    offset = new Float64Array(ns),
    g = new Float64Array(ns);
  const stim: boolean[] = [];
  const channels: ChannelInfo[] = names.map((name, i) => {
    const isStim = ['status', 'trigger'].includes(name.toLowerCase());
    stim.push(isStim);
    if (isStim) {
      cal[i] = 1;
      offset[i] = 0;
      g[i] = 1;
    } else {
      if (digMax[i] === digMin[i]) throw badField(path, `digital range of channel ${i + 1} (${labels[i]})`, `minimum equals maximum (${digMin[i]})`);
      cal[i] = (physMax[i] - physMin[i]) / (digMax[i] - digMin[i]);
      offset[i] = physMin[i] - digMin[i] * cal[i];
      g[i] = gain[i];
    }
    const info: ChannelInfo = { name, type: isStim ? 'stim' : 'eeg', unit: isStim ? 'NA' : 'V' };
    if (samples[i] !== maxSamp) info.ownSfreq = (samples[i] * durDen) / durNum;
    return info;
  });
  return {
    path,
    version,
    versionText: versionText.trim(),
    headerBytes,
    nRecords,
    durNum,
    durDen,
    labels,
    unitText,
    physMin,
    physMax,
    digMin,
    digMax,
    samples,
    types,
    byteOffsets,
    recordBytes,
    maxSamp,
    sfreq,
    nTimes: nRecords * maxSamp,
    channels,
    stim,
    cal,
    offset,
    gain: g,
    measDate,
    fileSize: size,
  };
}

/** The event table after the data records (absent when the file ends with the data). */
async function readEventTable(layout: GdfLayout): Promise<Annotation[]> {
  const { path, headerBytes, nRecords, recordBytes, fileSize: size, sfreq, version } = layout;
  const etp = headerBytes + nRecords * recordBytes;
  if (etp + 8 > size) return [];
  const head = await readBytes(path, etp, 8, 'event table header');
  const mode = head[0];
  if (mode !== 1 && mode !== 3) throw badField(path, 'event table mode', `${mode} (expected 1 or 3)`);
  let nEvents: number;
  if (version < 1.94) nEvents = new DataView(head.buffer).getUint32(4, true);
  else nEvents = head[1] | (head[2] << 8) | (head[3] << 16);
  const per = mode === 3 ? 12 : 6;
  if (etp + 8 + nEvents * per > size) throw badField(path, 'number of events', `${nEvents} events do not fit in the file`);
  const body = await readBytes(path, etp + 8, nEvents * per, 'event table');
  const dv = new DataView(body.buffer);
  const events: Annotation[] = [];
  for (let i = 0; i < nEvents; i++) {
    const pos = dv.getUint32(4 * i, true) - 1;
    const typ = dv.getUint16(4 * nEvents + 2 * i, true);
    const dur = mode === 3 ? Math.max(dv.getUint32(8 * nEvents + 4 * i, true), 1) : 1;
    events.push({ onset: pos / sfreq, duration: dur / sfreq, description: String(typ) });
  }
  return finishAnnotations(events, layout.nTimes / sfreq);
}

function header(layout: GdfLayout, annotations: Annotation[]): RecordingHeader {
  return { format: 'GDF', path: layout.path, sfreq: layout.sfreq, nTimes: layout.nTimes, channels: layout.channels, measDate: layout.measDate, annotations };
}

export async function readGdfHeader(path: string): Promise<RecordingHeader> {
  const layout = await readGdfLayout(path);
  return header(layout, await readEventTable(layout));
}

const CHUNK_BYTES = 8 * 1024 * 1024;

export async function readGdf(path: string, window?: SampleWindow): Promise<RawContent> {
  const layout = await readGdfLayout(path);
  const win = checkWindow(layout, window);
  const { maxSamp, recordBytes, headerBytes, samples, byteOffsets, types, cal, offset, gain, stim } = layout;
  const nCh = samples.length;
  const r0 = Math.floor(win.start / maxSamp);
  const r1 = win.stop === win.start ? r0 : Math.ceil(win.stop / maxSamp);
  const nRec = r1 - r0;
  const own = samples.map((n) => new Float32Array(nRec * n));
  const full = !window || (win.start === 0 && win.stop === layout.nTimes);
  const acc = full ? new StatsAccumulator(nCh) : null;
  const recPerChunk = Math.max(1, Math.floor(CHUNK_BYTES / recordBytes));
  for (let rc = r0; rc < r1; rc += recPerChunk) {
    const n = Math.min(recPerChunk, r1 - rc);
    const bytes = await readBytes(path, headerBytes + rc * recordBytes, n * recordBytes, `data records ${rc}..${rc + n - 1}`);
    const dv = new DataView(bytes.buffer);
    for (let c = 0; c < nCh; c++) {
      const t = GDF_TYPES[types[c]],
        ns = samples[c],
        out = own[c];
      const k = cal[c],
        o = offset[c],
        g = gain[c];
      const mask = stim[c] && ns === maxSamp;
      const track = acc !== null && !stim[c] && ns === maxSamp;
      let shift = 0,
        s1 = 0,
        s2 = 0;
      for (let r = 0; r < n; r++) {
        const base = r * recordBytes + byteOffsets[c],
          dst = (rc - r0 + r) * ns;
        for (let i = 0; i < ns; i++) {
          const v = t.read(dv, base + i * t.bytes);
          if (stim[c]) {
            out[dst + i] = mask ? v & 0x1ffff : v;
            continue;
          }
          const x = (v * k + o) * g;
          out[dst + i] = x;
          if (track) {
            if (r === 0 && i === 0) shift = acc.shiftOf(c, x);
            const d = x - shift;
            s1 += d;
            s2 += d * d;
          }
        }
      }
      if (track) acc.addSums(c, s1, s2, n * ns);
    }
  }
  const data: Float32Array[] = [];
  const ownRate: (Float32Array | undefined)[] = [];
  let anyOwn = false;
  for (let c = 0; c < nCh; c++) {
    let whole: Float32Array;
    if (samples[c] === maxSamp) {
      whole = own[c];
      ownRate.push(undefined);
    } else {
      anyOwn = true;
      whole = stim[c] ? holdUp(own[c], samples[c], maxSamp, nRec) : resampleRecords(own[c], samples[c], maxSamp, nRec, acc, c);
      ownRate.push(own[c]);
    }
    const off = win.start - r0 * maxSamp;
    data.push(off === 0 && whole.length === win.stop - win.start ? whole : whole.slice(off, off + win.stop - win.start));
  }
  if (acc) for (let c = 0; c < nCh; c++) if (stim[c]) for (const v of data[c]) acc.add(c, v);
  const out = readerResult(header(layout, await readEventTable(layout)), data, window, win.start, acc?.result());
  if (anyOwn && full) out.ownRate = ownRate;
  if (data.some((d) => d.length !== win.stop - win.start)) throw new XBrainError('internal', `${path}: decoded length mismatch`);
  return out;
}

export const gdfReader: FormatReader = { format: 'GDF', extensions: ['.gdf'], readHeader: readGdfHeader, read: readGdf };

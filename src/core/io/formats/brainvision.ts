import { dirname, isAbsolute, join } from 'node:path';
import type { Annotation, ChannelInfo, RecordingHeader } from '../types';
import { mneAnnotations } from './annotationOrder';
import { badFile, clampWindow, fileSize, readRange, readWhole, unsupported } from './binary';
import { isoUtc } from './measDate';
import { StatsAccumulator } from '../stats';
import { readerResult, type FormatReader, type RawContent, type SampleWindow } from './reader';
import { companionInside } from './companion';
import { contains } from '../paths';

/** Unit factors MNE 1.3 applies (`_unit_dict` in mne/io/brainvision/brainvision.py); unknown units get 1. */
const UNIT_FACTOR: Record<string, number> = {
  V: 1,
  µV: 1e-6,
  uV: 1e-6,
  mV: 1e-3,
  nV: 1e-9,
  C: 1,
  '°C': 1,
  'n/a': 1,
  µS: 1e-6,
  uS: 1e-6,
  ARU: 1,
  S: 1,
  N: 1,
};
const VOLTAGE_UNITS = new Set(['V', 'mV', 'µV', 'uV', 'nV']);
/** MNE's default `eog=('HEOGL', 'HEOGR', 'VEOGb')`. */
const EOG_NAMES = new Set(['HEOGL', 'HEOGR', 'VEOGb']);

const BINARY_FORMATS: Record<string, { bytes: number; get: (v: DataView, o: number) => number }> = {
  INT_16: { bytes: 2, get: (v, o) => v.getInt16(o, true) },
  INT_32: { bytes: 4, get: (v, o) => v.getInt32(o, true) },
  IEEE_FLOAT_32: { bytes: 4, get: (v, o) => v.getFloat32(o, true) },
};

type Ini = Map<string, Map<string, string>>;

interface VhdrInfo {
  header: RecordingHeader;
  dataFile: string;
  orientation: 'MULTIPLEXED' | 'VECTORIZED';
  binary?: { bytes: number; get: (v: DataView, o: number) => number };
  ascii?: { skipLines: number; decimal: string };
  /** per channel: resolution × unit factor */
  scale: Float64Array;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const cp1252 = new TextDecoder('windows-1252');

/** Decodes a .vhdr/.vmrk with its declared Codepage (UTF-8 by default; ANSI = cp1252); invalid UTF-8 is a typed error. */
function decodeText(bytes: Uint8Array, path: string): string {
  const ascii = cp1252.decode(bytes);
  const cp = /^Codepage=(.*)$/m.exec(ascii)?.[1]?.trim();
  if (cp && cp.toUpperCase() !== 'UTF-8' && cp.toUpperCase() !== 'UTF8') {
    if (cp.toUpperCase() === 'ANSI' || cp.toLowerCase() === 'cp1252' || cp.toLowerCase() === 'latin-1') return ascii;
    throw unsupported(path, 'Codepage', `code page "${cp}" is not supported (UTF-8 or ANSI)`);
  }
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw badFile(path, 'Codepage', 'the file declares UTF-8 but its text is not valid UTF-8 (channel labels or markers)');
  }
}

function parseIni(text: string): Ini {
  const ini: Ini = new Map();
  let section: Map<string, string> | undefined;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith(';')) continue;
    const sec = /^\[(.*)\]$/.exec(line);
    if (sec) {
      section = new Map();
      ini.set(sec[1].trim(), section);
      continue;
    }
    const eq = raw.indexOf('=');
    if (section && eq > 0) section.set(raw.slice(0, eq).trim().toLowerCase(), raw.slice(eq + 1).trim());
  }
  return ini;
}

function required(ini: Ini, section: string, key: string, path: string): string {
  const v = ini.get(section)?.get(key.toLowerCase());
  if (v === undefined || v === '') throw badFile(path, `[${section}] ${key}`, 'missing');
  return v;
}

/** Markers as MNE's `_read_vmrk`: onset = position − 1 samples, duration = points (0 if not a number), "type/description". */
function parseVmrk(text: string, sfreq: number, path: string): { annotations: Annotation[]; measDate: string | null } {
  const annotations: Annotation[] = [];
  let dateStr = '';
  let inMarkers = false;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const sec = /^\[(.*)\]\s*$/.exec(raw);
    if (sec) {
      inMarkers = sec[1].trim() === 'Marker Infos';
      continue;
    }
    if (!inMarkers) continue;
    const m = /^Mk(\d+)=(.*)$/.exec(raw);
    if (!m) continue;
    const parts = m[2].split(',');
    if (parts.length < 4) throw badFile(path, `Mk${m[1]}`, 'expected "type,description,position,points[,channel[,date]]"');
    const type = parts[0].replace(/\\1/g, ',');
    const desc = parts[1].replace(/\\1/g, ',');
    if (!/^\s*-?\d+\s*$/.test(parts[2])) throw badFile(path, `Mk${m[1]} position`, `not an integer: ${JSON.stringify(parts[2])}`);
    const pos = Number.parseInt(parts[2], 10);
    const dur = /^\d+$/.test(parts[3]) ? Number(parts[3]) : 0;
    if (dateStr === '' && parts.length === 5 && type === 'New Segment') dateStr = parts[4];
    annotations.push({ onset: (pos - 1) / sfreq, duration: dur / sfreq, description: `${type}/${desc}` });
  }
  return { annotations, measDate: vmrkDate(text) };
}

/** meas_date from the first "New Segment" marker carrying a 20-digit date (YYYYMMDDhhmmssuuuuuu), as MNE. */
function vmrkDate(text: string): string | null {
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const m = /^Mk\d+=New Segment,.*,\d+,\d+,-?\d+,(\d{20})$/.exec(raw.trim());
    if (!m) continue;
    const s = m[1];
    if (/^0+$/.test(s)) return null;
    const n = (a: number, b: number): number => Number(s.slice(a, b));
    return isoUtc(n(0, 4), n(4, 6), n(6, 8), n(8, 10), n(10, 12), n(12, 14), n(14, 20));
  }
  return null;
}

async function readVhdr(path: string): Promise<VhdrInfo> {
  const text = decodeText(await readWhole(path, '.vhdr header', 64 << 20), path);
  const first = text.split(/\r\n|\r|\n/, 1)[0] ?? '';
  if (!/Brain ?Vision (Data Exchange|Core Data Format)/i.test(first)) {
    throw badFile(path, 'first line', `not a BrainVision header (${JSON.stringify(first.slice(0, 60))})`);
  }
  const ini = parseIni(text);
  const ci = 'Common Infos';
  const orientation = required(ini, ci, 'DataOrientation', path).toUpperCase();
  if (orientation !== 'MULTIPLEXED' && orientation !== 'VECTORIZED') throw unsupported(path, 'DataOrientation', `"${orientation}" is not supported`);
  const dataFormat = required(ini, ci, 'DataFormat', path).toUpperCase();
  let binary: VhdrInfo['binary'];
  let ascii: VhdrInfo['ascii'];
  if (dataFormat === 'BINARY') {
    const fmt = required(ini, 'Binary Infos', 'BinaryFormat', path);
    binary = BINARY_FORMATS[fmt];
    if (!binary) throw unsupported(path, 'BinaryFormat', `"${fmt}" is not supported (INT_16, INT_32, IEEE_FLOAT_32)`);
  } else if (dataFormat === 'ASCII') {
    if (orientation !== 'MULTIPLEXED') throw unsupported(path, 'DataOrientation', 'ASCII data in VECTORIZED order is not supported (as in MNE)');
    const ai = ini.get('ASCII Infos');
    const skipLines = Number(ai?.get('skiplines') ?? '0');
    if (!Number.isSafeInteger(skipLines) || skipLines < 0) throw badFile(path, 'SkipLines', `invalid value ${ai?.get('skiplines')}`);
    ascii = { skipLines, decimal: ai?.get('decimalsymbol') ?? '.' };
  } else {
    throw unsupported(path, 'DataFormat', `"${dataFormat}" is not supported (BINARY or ASCII)`);
  }
  const nchanText = required(ini, ci, 'NumberOfChannels', path);
  const nchan = Number(nchanText);
  if (!Number.isSafeInteger(nchan) || nchan <= 0 || nchan > 65_536) throw badFile(path, 'NumberOfChannels', `invalid channel count ${nchanText}`);
  const intervalText = required(ini, ci, 'SamplingInterval', path);
  const interval = Number(intervalText);
  if (!Number.isFinite(interval) || interval <= 0) throw badFile(path, 'SamplingInterval', `invalid sampling interval ${intervalText}`);
  const sfreq = 1e6 / interval;

  const names: (string | undefined)[] = new Array(nchan).fill(undefined);
  const scale = new Float64Array(nchan);
  const units: string[] = new Array(nchan).fill('');
  for (const [key, value] of ini.get('Channel Infos') ?? new Map<string, string>()) {
    const m = /^ch(\d+)$/.exec(key);
    if (!m) continue;
    const n = Number(m[1]) - 1;
    if (n < 0 || n >= nchan) throw badFile(path, `[Channel Infos] Ch${n + 1}`, `channel number outside 1..${nchan}`);
    const props = value.split(',');
    if (props.length < 3) throw badFile(path, `[Channel Infos] Ch${n + 1}`, `expected "name,reference,resolution[,unit]", found ${JSON.stringify(value)}`);
    if (props.length < 4) props.push('µV');
    else if (props[3] === '') props[3] = 'µV';
    const [rawName, , resText, rawUnit] = props;
    const unit = rawUnit.replace(/\u00c2/g, '');
    let resolution: number;
    if (resText === undefined || resText.trim() === '') resolution = unit ? 1 : 1e-6;
    else resolution = Number(resText);
    if (!Number.isFinite(resolution)) throw badFile(path, `[Channel Infos] Ch${n + 1} resolution`, `invalid resolution "${resText}"`);
    names[n] = rawName.replace(/\\1/g, ',');
    units[n] = unit;
    scale[n] = resolution * (UNIT_FACTOR[unit] ?? 1);
  }
  const missing = names.findIndex((x) => x === undefined);
  if (missing >= 0) throw badFile(path, `[Channel Infos] Ch${missing + 1}`, 'missing channel entry');

  const channels: ChannelInfo[] = (names as string[]).map((name, i) => {
    if (EOG_NAMES.has(name)) return { name, type: 'eog', unit: 'V' };
    if (!VOLTAGE_UNITS.has(units[i])) return { name, type: 'misc', unit: units[i] || 'NA' };
    if (name === 'STI 014') return { name, type: 'stim', unit: 'NA' };
    return { name, type: 'eeg', unit: 'V' };
  });

  const dir = dirname(path);
  const dataFile = companion(dir, required(ini, ci, 'DataFile', path), path, 'DataFile');
  const dataSize = await fileSize(dataFile, 'DataFile (.eeg data)');
  let nTimes: number;
  if (binary) {
    if (orientation === 'VECTORIZED' && ini.get(ci)?.has('datapoints')) {
      nTimes = Number(ini.get(ci)?.get('datapoints'));
      if (!Number.isSafeInteger(nTimes) || nTimes < 0) throw badFile(path, 'DataPoints', `invalid count ${ini.get(ci)?.get('datapoints')}`);
      if (nTimes * nchan * binary.bytes > dataSize)
        throw badFile(dataFile, 'DataPoints', `${nTimes} samples x ${nchan} channels do not fit in ${dataSize} bytes`);
    } else {
      nTimes = Math.floor(dataSize / binary.bytes / nchan);
    }
  } else {
    nTimes = -1; // counted when the ASCII data is read
  }

  let annotations: Annotation[] = [];
  let measDate: string | null = null;
  const mk = ini.get(ci)?.get('markerfile');
  let vmrk: { annotations: Annotation[]; measDate: string | null } | undefined;
  if (mk) {
    const mkPath = companion(dir, mk, path, 'MarkerFile');
    vmrk = parseVmrk(decodeText(await readWhole(mkPath, 'MarkerFile (.vmrk markers)', 256 << 20), mkPath), sfreq, mkPath);
    measDate = vmrk.measDate;
  }
  const header: RecordingHeader = { format: 'BrainVision', path, sfreq, nTimes, channels, measDate, annotations };
  const info: VhdrInfo = { header, dataFile, orientation: orientation as VhdrInfo['orientation'], binary, ascii, scale };
  if (ascii) header.nTimes = (await readAsciiData(info)).nTimes;
  if (vmrk) annotations = mneAnnotations(vmrk.annotations, header.nTimes, sfreq);
  header.annotations = annotations;
  return info;
}

/**
 * A companion file named in the header, resolved next to it. It must stay in the header's folder or below: a header
 * cannot send the reader to `../../elsewhere` (a downloaded dataset is not allowed to read the user's files).
 */
function companion(dir: string, name: string, path: string, field: string): string {
  const full = join(dir, name);
  if (isAbsolute(name) || !contains(dir, full))
    throw badFile(path, field, `'${name}' lies outside the header's folder; companion files must sit next to the .vhdr`);
  return companionInside(path, full, field);
}

/** Multiplexed ASCII data as MNE reads it: one line per sample after SkipLines, fields split on spaces (else commas). */
async function readAsciiData(info: VhdrInfo): Promise<{ nTimes: number; rows: number[][] }> {
  const bytes = await readWhole(info.dataFile, 'DataFile (.eeg data)', 512 << 20);
  const lines = cp1252
    .decode(bytes)
    .split(/\r\n|\n/)
    .slice(info.ascii!.skipLines);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const nch = info.scale.length;
  const rows = lines.map((raw, i) => {
    let line = raw.trim();
    if (info.ascii!.decimal !== '.') line = line.replace(/,/g, '.');
    const fields = line.includes(' ') || line.includes('\t') ? line.split(/\s+/) : line.split(',');
    const vals = fields.map(Number);
    if (vals.length !== nch || fields.some((f) => f.trim() === '') || vals.some((v) => !Number.isFinite(v))) {
      throw badFile(info.dataFile, `ASCII data line ${info.ascii!.skipLines + i + 1}`, `expected ${nch} numbers`);
    }
    return vals;
  });
  return { nTimes: rows.length, rows };
}

async function readBrainVision(path: string, window?: SampleWindow): Promise<RawContent> {
  const info = await readVhdr(path);
  const { nTimes, channels } = info.header;
  const nch = channels.length;
  const { start, stop } = clampWindow(window, nTimes, path);
  const n = stop - start;
  const data = Array.from({ length: nch }, () => new Float32Array(n));
  const { scale } = info;
  const acc = window ? undefined : new StatsAccumulator(nch);
  const put = (c: number, t: number, x: number): void => {
    data[c][t] = x;
    acc?.add(c, x);
  };
  if (info.ascii) {
    const { rows } = await readAsciiData(info);
    for (let t = 0; t < n; t++) for (let c = 0; c < nch; c++) put(c, t, rows[start + t][c] * scale[c]);
  } else if (info.orientation === 'MULTIPLEXED') {
    const bps = info.binary!.bytes;
    const bytes = await readRange(info.dataFile, start * nch * bps, n * nch * bps, 'DataFile samples');
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const get = info.binary!.get;
    for (let t = 0; t < n; t++) {
      const base = t * nch * bps;
      for (let c = 0; c < nch; c++) put(c, t, get(view, base + c * bps) * scale[c]);
    }
  } else {
    const bps = info.binary!.bytes;
    const get = info.binary!.get;
    for (let c = 0; c < nch; c++) {
      const bytes = await readRange(info.dataFile, (c * nTimes + start) * bps, n * bps, `DataFile samples of channel ${c + 1}`);
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      for (let t = 0; t < n; t++) put(c, t, get(view, t * bps) * scale[c]);
    }
  }
  return readerResult(info.header, data, window, start, acc?.result());
}

/**
 * BrainVision .vhdr/.vmrk/.eeg (Core Data Format 1.0): INT_16, INT_32, IEEE_FLOAT_32 binary (multiplexed or
 * vectorized) and multiplexed ASCII. Values = stored × resolution × unit factor; channels whose unit is not a voltage
 * are `misc` (MNE's misc="auto"); markers become annotations.
 */
export const brainVisionReader: FormatReader = {
  format: 'BrainVision',
  extensions: ['.vhdr'],
  readHeader: async (path: string) => (await readVhdr(path)).header,
  read: readBrainVision,
};

import { basename, extname } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { ChannelInfo, ChannelType } from '../types';
import { ByteReader, badFile, clampWindow, readWhole, unsupported } from './binary';
import { StatsAccumulator } from '../stats';
import { readSidecar } from './sidecar';
import { readerResult, headerOf, type FormatReader, type RawContent, type SampleWindow } from './reader';

/** One array from a .npy file (or an .npz member), values converted to float64 unless noted. */
export interface NpyArray {
  shape: number[];
  /** numpy dtype string as stored, e.g. "<f4" */
  descr: string;
  fortranOrder: boolean;
  /** numeric values in stored (C or Fortran) order; absent for string arrays */
  values?: Float64Array | Float32Array;
  /** unicode string arrays (dtype <U..) */
  strings?: string[];
}

const NUMERIC: Record<string, { size: number; get: (v: DataView, o: number, le: boolean) => number }> = {
  f4: { size: 4, get: (v, o, le) => v.getFloat32(o, le) },
  f8: { size: 8, get: (v, o, le) => v.getFloat64(o, le) },
  i1: { size: 1, get: (v, o) => v.getInt8(o) },
  u1: { size: 1, get: (v, o) => v.getUint8(o) },
  b1: { size: 1, get: (v, o) => v.getUint8(o) },
  i2: { size: 2, get: (v, o, le) => v.getInt16(o, le) },
  u2: { size: 2, get: (v, o, le) => v.getUint16(o, le) },
  i4: { size: 4, get: (v, o, le) => v.getInt32(o, le) },
  u4: { size: 4, get: (v, o, le) => v.getUint32(o, le) },
  i8: { size: 8, get: (v, o, le) => Number(v.getBigInt64(o, le)) },
  u8: { size: 8, get: (v, o, le) => Number(v.getBigUint64(o, le)) },
};

/** Parses the header dict of a .npy ({'descr': ..., 'fortran_order': ..., 'shape': (...)}). */
function parseHeader(r: ByteReader, field: string): { descr: string; fortranOrder: boolean; shape: number[]; dataStart: number } {
  const magic = r.slice(6, `${field} magic`, 0);
  if (magic[0] !== 0x93 || String.fromCharCode(...magic.subarray(1)) !== 'NUMPY')
    throw badFile(r.path, `${field} magic`, 'not a .npy array (missing \\x93NUMPY)');
  const major = r.u8(`${field} version`, 6);
  let headerLen: number;
  let start: number;
  if (major === 1) {
    headerLen = r.u16(`${field} header length`, 8);
    start = 10;
  } else if (major === 2 || major === 3) {
    headerLen = r.u32(`${field} header length`, 8);
    start = 12;
  } else {
    throw unsupported(r.path, `${field} version`, `unknown .npy format version ${major}`);
  }
  const text = new TextDecoder('latin1').decode(r.slice(headerLen, `${field} header`, start));
  const descr = /'descr'\s*:\s*'([^']*)'/.exec(text)?.[1];
  const fortran = /'fortran_order'\s*:\s*(True|False)/.exec(text)?.[1];
  const shapeText = /'shape'\s*:\s*\(([^)]*)\)/.exec(text)?.[1];
  if (descr === undefined || fortran === undefined || shapeText === undefined)
    throw badFile(r.path, `${field} header`, `cannot parse ${JSON.stringify(text.slice(0, 80))}`);
  const shape = shapeText
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map(Number);
  if (shape.some((d) => !Number.isSafeInteger(d) || d < 0)) throw badFile(r.path, `${field} shape`, `invalid shape (${shapeText})`);
  return { descr, fortranOrder: fortran === 'True', shape, dataStart: start + headerLen };
}

/** Decodes one .npy image; counts are checked against the bytes present before anything is allocated. */
export function parseNpy(bytes: Uint8Array, path: string, field = 'array'): NpyArray {
  const r = new ByteReader(bytes, path);
  const { descr, fortranOrder, shape, dataStart } = parseHeader(r, field);
  const numel = shape.reduce((a, b) => a * b, 1);
  const order = descr[0];
  const kind = descr.slice(1);
  const le = order !== '>';
  if (kind.startsWith('U')) {
    const width = Number(kind.slice(1));
    if (!Number.isSafeInteger(width) || width <= 0) throw badFile(path, `${field} dtype`, `invalid string width in ${descr}`);
    r.need(numel * width * 4, `${field} data`, dataStart);
    const strings: string[] = [];
    for (let i = 0; i < numel; i++) {
      let s = '';
      for (let k = 0; k < width; k++) {
        const cp = r.u32(`${field} data`, dataStart + (i * width + k) * 4);
        if (cp === 0) break;
        if (cp > 0x10ffff) throw badFile(path, `${field} data`, `invalid code point ${cp}`);
        s += String.fromCodePoint(cp);
      }
      strings.push(s);
    }
    return { shape, descr, fortranOrder, strings };
  }
  const t = NUMERIC[kind];
  if (!t || !['<', '>', '|', '='].includes(order))
    throw unsupported(path, `${field} dtype`, `dtype ${descr} is not supported (numbers or unicode strings only; no object arrays)`);
  r.need(numel * t.size, `${field} data`, dataStart);
  const v = r.view;
  if (kind === 'f4') {
    const out = new Float32Array(numel);
    for (let i = 0; i < numel; i++) out[i] = v.getFloat32(dataStart + 4 * i, le);
    return { shape, descr, fortranOrder, values: out };
  }
  const out = new Float64Array(numel);
  for (let i = 0; i < numel; i++) out[i] = t.get(v, dataStart + i * t.size, le);
  return { shape, descr, fortranOrder, values: out };
}

/** The members of an .npz (a zip of .npy files, stored or deflated, zip64 extras as numpy writes them). */
export function parseNpz(bytes: Uint8Array, path: string, maxMember = 2 ** 31 - 1): Map<string, NpyArray> {
  const r = new ByteReader(bytes, path);
  let eocd = -1;
  for (let p = bytes.length - 22; p >= Math.max(0, bytes.length - 22 - 65_535); p--) {
    if (r.u32('zip end record', p) === 0x06054b50) {
      eocd = p;
      break;
    }
  }
  if (eocd < 0) throw badFile(path, 'zip end record', 'not an .npz (zip) archive');
  const count = r.u16('zip entry count', eocd + 10);
  let cd = r.u32('zip central directory offset', eocd + 16);
  const out = new Map<string, NpyArray>();
  for (let i = 0; i < count; i++) {
    if (r.u32('zip central directory', cd) !== 0x02014b50) throw badFile(path, 'zip central directory', `bad entry signature at ${cd}`);
    const method = r.u16('zip method', cd + 10);
    let csize = r.u32('zip compressed size', cd + 20);
    let usize = r.u32('zip size', cd + 24);
    const nameLen = r.u16('zip name length', cd + 28);
    const extraLen = r.u16('zip extra length', cd + 30);
    const commentLen = r.u16('zip comment length', cd + 32);
    let local = r.u32('zip local header offset', cd + 42);
    const name = new TextDecoder('utf-8').decode(r.slice(nameLen, 'zip member name', cd + 46));
    // zip64 extra field: the 0xFFFFFFFF fields appear there in order (size, compressed size, offset)
    let e = cd + 46 + nameLen;
    const eEnd = e + extraLen;
    while (e + 4 <= eEnd) {
      const id = r.u16('zip extra', e);
      const len = r.u16('zip extra', e + 2);
      if (id === 0x0001) {
        let q = e + 4;
        const big = (field: string): number => {
          const x = Number(r.view.getBigUint64((r.need(8, field, q), q), true));
          q += 8;
          return x;
        };
        if (usize === 0xffffffff) usize = big('zip64 size');
        if (csize === 0xffffffff) csize = big('zip64 compressed size');
        if (local === 0xffffffff) local = big('zip64 offset');
      }
      e += 4 + len;
    }
    cd = eEnd + commentLen;
    if (r.u32('zip local header', local) !== 0x04034b50) throw badFile(path, `zip member ${name}`, 'bad local header signature');
    const dataAt = local + 30 + r.u16('zip local name length', local + 26) + r.u16('zip local extra length', local + 28);
    const raw = r.slice(csize, `zip member ${name}`, dataAt);
    // deflate expands at most ~1032:1: a larger claimed size is corrupt (and must not drive an allocation)
    if (usize > maxMember || (method === 8 && usize > csize * 1032 + 1024) || (method === 0 && usize !== csize)) {
      throw badFile(path, `zip member ${name}`, `uncompressed size ${usize} does not fit ${csize} stored bytes`);
    }
    let member: Uint8Array;
    if (method === 0) member = raw;
    else if (method === 8) {
      try {
        member = inflateRawSync(raw, { maxOutputLength: Math.max(usize, 1) });
      } catch (err) {
        throw badFile(path, `zip member ${name}`, `does not decompress (${(err as Error).message})`);
      }
    } else throw unsupported(path, `zip member ${name}`, `compression method ${method} is not supported`);
    if (!name.endsWith('.npy')) continue;
    out.set(name.slice(0, -4), parseNpy(member, path, `member ${name}`));
  }
  return out;
}

const DATA_NAMES = ['data', 'X', 'x', 'eeg', 'signal', 'signals'];
const SFREQ_NAMES = ['sfreq', 'srate', 'fs', 'Fs', 'sampling_rate'];
const TYPES = new Set<ChannelType>(['eeg', 'eog', 'emg', 'ecg', 'stim', 'misc', 'resp', 'bio', 'seeg', 'ecog', 'syst']);

async function readNpyRecording(path: string, window?: SampleWindow): Promise<RawContent> {
  const bytes = await readWhole(path, extname(path).toLowerCase() === '.npz' ? '.npz archive' : '.npy array');
  const isNpz = extname(path).toLowerCase() === '.npz';
  const members = isNpz ? parseNpz(bytes, path) : new Map([['data', parseNpy(bytes, path)]]);
  let arr: NpyArray | undefined;
  for (const n of DATA_NAMES) {
    const a = members.get(n);
    if (a?.values && a.shape.length === 2) {
      arr = a;
      break;
    }
  }
  if (!arr) {
    for (const a of members.values())
      if (a.values && a.shape.length === 2) {
        arr = a;
        break;
      }
  }
  if (!arr?.values) {
    const shapes = [...members].map(([n, a]) => `${n}${JSON.stringify(a.shape)}`).join(', ');
    throw badFile(path, 'data array', `no 2-D numeric array (channels x times) found (${shapes || 'empty'})`);
  }
  const side = await readSidecar(path);
  let sfreq: number | undefined;
  for (const n of SFREQ_NAMES) {
    const a = members.get(n);
    if (a?.values && a.values.length === 1) {
      sfreq = a.values[0];
      break;
    }
  }
  sfreq ??= side?.sfreq;
  if (sfreq === undefined) {
    throw badFile(path, 'sfreq', `no sampling rate: add a scalar "sfreq" to the .npz or a sidecar ${basename(path, extname(path))}.json with {"sfreq": ...}`);
  }
  if (typeof sfreq !== 'number' || !Number.isFinite(sfreq) || sfreq <= 0) throw badFile(path, 'sfreq', `invalid sampling rate ${String(sfreq)}`);
  const names = members.get('ch_names')?.strings ?? side?.ch_names;
  const [rows, cols] = arr.shape;
  // channels along the axis the names match; otherwise the shorter axis (EEG has fewer channels than samples)
  const transposed = names && (names.length === rows || names.length === cols) ? names.length === cols && names.length !== rows : rows > cols;
  const nCh = transposed ? cols : rows;
  const nTimes = transposed ? rows : cols;
  if (names && names.length !== nCh) throw badFile(path, 'ch_names', `${names.length} names for ${nCh} channels`);
  const types = side?.ch_types;
  const channels: ChannelInfo[] = Array.from({ length: nCh }, (_, c) => {
    const type = types?.[c] && TYPES.has(types[c] as ChannelType) ? (types[c] as ChannelType) : 'eeg';
    return { name: names?.[c] ?? String(c + 1), type, unit: type === 'stim' ? 'NA' : 'V' };
  });
  const { start, stop } = clampWindow(window, nTimes, path);
  const v = arr.values;
  // element (r, c) of the stored 2-D array
  const at = arr.fortranOrder ? (r: number, c: number): number => v[c * rows + r] : (r: number, c: number): number => v[r * cols + c];
  const acc = window ? undefined : new StatsAccumulator(nCh);
  const data = channels.map((_, ch) => {
    const out = new Float32Array(stop - start);
    for (let t = start; t < stop; t++) {
      const x = transposed ? at(t, ch) : at(ch, t);
      out[t - start] = x;
      acc?.add(ch, x);
    }
    return out;
  });
  return readerResult({ format: 'NPY', path, sfreq, nTimes, channels, measDate: null, annotations: [] }, data, window, start, acc?.result());
}

/**
 * NumPy .npy / .npz as a recording (values as stored, taken as volts). The array is the 2-D member named
 * data/X/eeg/signal (else the first 2-D numeric member); channels are on the axis that matches `ch_names`, else the
 * shorter axis. The rate is a scalar member `sfreq` (or srate/fs/sampling_rate) or, for a bare .npy, a sidecar
 * `<stem>.json` with {"sfreq", optional "ch_names", "ch_types"}; without one the file is refused with a typed error.
 */
export const npyReader: FormatReader = {
  format: 'NPY',
  extensions: ['.npy', '.npz'],
  readHeader: async (path: string) => headerOf(await readNpyRecording(path, { start: 0, stop: 0 })),
  read: readNpyRecording,
};

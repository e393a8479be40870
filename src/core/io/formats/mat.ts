import { inflateSync } from 'node:zlib';
import type { ChannelInfo } from '../types';
import { ByteReader, badFile, clampWindow, latin1CString, readWhole, unsupported } from './binary';
import { StatsAccumulator } from '../stats';
import { readSidecar, sidecarPath } from './sidecar';
import { readerResult, headerOf, type FormatReader, type RawContent, type SampleWindow } from './reader';

/**
 * MATLAB level-5 MAT files (the format of EEGLAB .set files and label .mat files), parsed without MATLAB or SciPy.
 * Values keep MATLAB's column-major order; `dims` are MATLAB's dimensions.
 */

export type MatNumericClass = 'double' | 'single' | 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'int64' | 'uint64';

export interface MatNumeric {
  kind: 'numeric';
  className: MatNumericClass;
  logical: boolean;
  dims: number[];
  /** real part, column-major (Float32Array only for single arrays stored as single) */
  data: Float64Array | Float32Array;
  imag?: Float64Array | Float32Array;
  /** whether the file stored the values as integers (MATLAB saves integral doubles compactly; SciPy's
   * mat_dtype=False, as MNE loads .set files, returns them with that integer type) */
  storedAsInteger: boolean;
}

export interface MatChar {
  kind: 'char';
  dims: number[];
  /** one string per row (a 1×n char array is one string) */
  rows: string[];
}

export interface MatStruct {
  kind: 'struct';
  dims: number[];
  fieldNames: string[];
  /** one record per struct element, column-major */
  elements: Record<string, MatValue>[];
  /** MATLAB class name for objects (mxOBJECT_CLASS) */
  className?: string;
}

export interface MatCell {
  kind: 'cell';
  dims: number[];
  cells: MatValue[];
}

/** Sparse matrices, function handles and opaque objects: kept so callers can name them, not decoded. */
export interface MatUnsupported {
  kind: 'unsupported';
  dims: number[];
  className: string;
}

export type MatValue = MatNumeric | MatChar | MatStruct | MatCell | MatUnsupported;

export interface MatFile {
  path: string;
  headerText: string;
  /** variables in file order */
  names: string[];
  variables: Record<string, MatValue>;
}

const miINT8 = 1,
  miUINT8 = 2,
  miINT16 = 3,
  miUINT16 = 4,
  miINT32 = 5,
  miUINT32 = 6,
  miSINGLE = 7,
  miDOUBLE = 9,
  miINT64 = 12,
  miUINT64 = 13,
  miMATRIX = 14,
  miCOMPRESSED = 15,
  miUTF8 = 16,
  miUTF16 = 17,
  miUTF32 = 18;

const typeSize: Record<number, number> = {
  [miINT8]: 1,
  [miUINT8]: 1,
  [miINT16]: 2,
  [miUINT16]: 2,
  [miINT32]: 4,
  [miUINT32]: 4,
  [miSINGLE]: 4,
  [miDOUBLE]: 8,
  [miINT64]: 8,
  [miUINT64]: 8,
  [miUTF8]: 1,
  [miUTF16]: 2,
  [miUTF32]: 4,
};

const classNames: Record<number, string> = {
  1: 'cell',
  2: 'struct',
  3: 'object',
  4: 'char',
  5: 'sparse',
  6: 'double',
  7: 'single',
  8: 'int8',
  9: 'uint8',
  10: 'int16',
  11: 'uint16',
  12: 'int32',
  13: 'uint32',
  14: 'int64',
  15: 'uint64',
  16: 'function',
  17: 'opaque',
};

const MAX_DEPTH = 64;
/** Decompressed size limit per compressed variable: bounds memory on corrupt or hostile input. */
const MAX_INFLATED = 1 << 30;

interface Tag {
  type: number;
  nbytes: number;
  data: number;
  next: number;
}

class MatParser {
  constructor(
    private readonly path: string,
    private readonly littleEndian: boolean,
  ) {}

  tag(r: ByteReader, field: string): Tag {
    const start = r.pos;
    const first = r.u32(`${field} tag`);
    if (first >>> 16 !== 0) {
      // small data element: 2-byte size, 2-byte type, up to 4 data bytes in the tag
      const nbytes = first >>> 16;
      const type = first & 0xffff;
      if (nbytes > 4) throw badFile(this.path, field, `small data element claims ${nbytes} bytes`);
      r.need(4, field);
      return { type, nbytes, data: start + 4, next: start + 8 };
    }
    const nbytes = r.u32(`${field} size`);
    const data = r.pos;
    r.need(nbytes, field, data);
    const padded = first === miCOMPRESSED ? nbytes : Math.ceil(nbytes / 8) * 8;
    return { type: first, nbytes, data, next: Math.min(data + padded, r.length) };
  }

  /** Reads one top-level element; returns null for elements that are not variables. */
  element(r: ByteReader, field: string, depth: number): { name: string; value: MatValue } | null {
    const t = this.tag(r, field);
    r.pos = t.next;
    if (t.type === miCOMPRESSED) {
      let inflated: Buffer;
      try {
        // deflate expands at most ~1032:1, so a larger output is corrupt or hostile: bound it before zlib allocates
        inflated = inflateSync(r.bytes.subarray(t.data, t.data + t.nbytes), { maxOutputLength: Math.min(MAX_INFLATED, t.nbytes * 1032 + 1024) });
      } catch (e) {
        throw badFile(this.path, field, `compressed variable does not decompress (${(e as Error).message})`);
      }
      const inner = new ByteReader(new Uint8Array(inflated.buffer, inflated.byteOffset, inflated.byteLength), this.path, this.littleEndian);
      return this.element(inner, field, depth + 1);
    }
    if (t.type !== miMATRIX) return null;
    return this.matrix(r, t, field, depth);
  }

  matrix(outer: ByteReader, t: Tag, field: string, depth: number): { name: string; value: MatValue } {
    if (depth > MAX_DEPTH) throw badFile(this.path, field, `nesting deeper than ${MAX_DEPTH} levels`);
    if (t.nbytes === 0) return { name: '', value: emptyDouble() };
    const r = new ByteReader(outer.bytes.subarray(t.data, t.data + t.nbytes), this.path, this.littleEndian);
    const flagsTag = this.tag(r, `${field} array flags`);
    if (flagsTag.nbytes < 8) throw badFile(this.path, `${field} array flags`, 'too short');
    const flags = r.u32(`${field} array flags`, flagsTag.data);
    r.pos = flagsTag.next;
    const classId = flags & 0xff;
    const complex = (flags & 0x0800) !== 0;
    const logical = (flags & 0x0200) !== 0;
    const dimsTag = this.tag(r, `${field} dimensions`);
    r.pos = dimsTag.next;
    if (dimsTag.nbytes % 4 !== 0 || dimsTag.nbytes < 8) throw badFile(this.path, `${field} dimensions`, `invalid size ${dimsTag.nbytes}`);
    const dims: number[] = [];
    let numel = 1;
    for (let i = 0; i < dimsTag.nbytes / 4; i++) {
      const d = r.i32(`${field} dimensions`, dimsTag.data + 4 * i);
      if (d < 0) throw badFile(this.path, `${field} dimensions`, `negative dimension ${d}`);
      dims.push(d);
      numel *= d;
    }
    if (numel > 2 ** 31) throw badFile(this.path, `${field} dimensions`, `${dims.join('x')} is too large`);
    const nameTag = this.tag(r, `${field} name`);
    r.pos = nameTag.next;
    const name = latin1CString(r.bytes.subarray(nameTag.data, nameTag.data + nameTag.nbytes));
    const label = name ? (field.endsWith('variable') ? `variable "${name}"` : `${field}.${name}`) : field;
    const className = classNames[classId];
    if (!className) throw badFile(this.path, `${label} class`, `unknown array class ${classId}`);
    switch (classId) {
      case 1: {
        // each cell is an miMATRIX of at least a tag: bound the count by the bytes left before allocating
        if (numel * 8 > r.length - r.pos) throw badFile(this.path, `${label} dimensions`, `${numel} cells do not fit in ${r.length - r.pos} bytes`);
        const cells: MatValue[] = [];
        for (let i = 0; i < numel; i++) {
          const ct = this.tag(r, `${label}{${i + 1}}`);
          r.pos = ct.next;
          if (ct.type !== miMATRIX) throw badFile(this.path, `${label}{${i + 1}}`, `expected a matrix element, found type ${ct.type}`);
          cells.push(this.matrix(r, ct, `${label}{${i + 1}}`, depth + 1).value);
        }
        return { name, value: { kind: 'cell', dims, cells } };
      }
      case 2:
      case 3: {
        let objectClass: string | undefined;
        if (classId === 3) {
          const cn = this.tag(r, `${label} class name`);
          r.pos = cn.next;
          objectClass = latin1CString(r.bytes.subarray(cn.data, cn.data + cn.nbytes));
        }
        const lenTag = this.tag(r, `${label} field name length`);
        r.pos = lenTag.next;
        const fieldLen = r.i32(`${label} field name length`, lenTag.data);
        const namesTag = this.tag(r, `${label} field names`);
        r.pos = namesTag.next;
        if (fieldLen <= 0 || fieldLen > 4096 || namesTag.nbytes % fieldLen !== 0) {
          throw badFile(this.path, `${label} field name length`, `invalid field name length ${fieldLen} for ${namesTag.nbytes} bytes of names`);
        }
        const nFields = namesTag.nbytes / fieldLen;
        const fieldNames: string[] = [];
        for (let f = 0; f < nFields; f++) {
          fieldNames.push(latin1CString(r.bytes.subarray(namesTag.data + f * fieldLen, namesTag.data + (f + 1) * fieldLen)));
        }
        if (numel * nFields * 8 > r.length - r.pos) {
          throw badFile(this.path, `${label} dimensions`, `${numel} struct elements x ${nFields} fields do not fit in the remaining bytes`);
        }
        const elements: Record<string, MatValue>[] = [];
        for (let i = 0; i < numel; i++) {
          const rec: Record<string, MatValue> = {};
          for (const fname of fieldNames) {
            const ft = this.tag(r, `${label}.${fname}`);
            r.pos = ft.next;
            if (ft.type !== miMATRIX) throw badFile(this.path, `${label}.${fname}`, `expected a matrix element, found type ${ft.type}`);
            rec[fname] = this.matrix(r, ft, `${label}(${i + 1}).${fname}`, depth + 1).value;
          }
          elements.push(rec);
        }
        return { name, value: { kind: 'struct', dims, fieldNames, elements, className: objectClass } };
      }
      case 4: {
        const dt = this.tag(r, `${label} characters`);
        r.pos = dt.next;
        const codes = this.numbers(r, dt, `${label} characters`, numel);
        const rows: string[] = [];
        const nRows = dims.length === 0 ? 0 : dims[0];
        // an n×0 char array is n empty strings stored in no bytes: a damaged dimension must not mean 10^8 rows
        if (nRows > r.length) throw badFile(this.path, `${label} dimensions`, `${dims.join('x')} characters: ${nRows} rows in a ${r.length}-byte element`);
        const nCols = nRows === 0 ? 0 : numel / nRows;
        for (let i = 0; i < nRows; i++) {
          let s = '';
          for (let j = 0; j < nCols; j++) s += String.fromCharCode(codes[j * nRows + i]);
          rows.push(s);
        }
        return { name, value: { kind: 'char', dims, rows } };
      }
      case 5:
      case 16:
      case 17:
        return { name, value: { kind: 'unsupported', dims, className } };
      default: {
        const re = this.tag(r, `${label} real part`);
        r.pos = re.next;
        const storedAsInteger = re.type !== miSINGLE && re.type !== miDOUBLE;
        const data = this.numbers(r, re, `${label} real part`, numel, classId === 7);
        let imag: Float64Array | Float32Array | undefined;
        if (complex) {
          const im = this.tag(r, `${label} imaginary part`);
          r.pos = im.next;
          imag = this.numbers(r, im, `${label} imaginary part`, numel, classId === 7);
        }
        return { name, value: { kind: 'numeric', className: className as MatNumericClass, logical, dims, data, imag, storedAsInteger } };
      }
    }
  }

  /** Decodes a numeric data element holding exactly `numel` values (MATLAB may store doubles in a smaller type). */
  numbers(r: ByteReader, t: Tag, field: string, numel: number, keepSingle = false): Float64Array | Float32Array {
    const size = typeSize[t.type];
    if (!size) throw badFile(this.path, field, `unknown data type ${t.type}`);
    if (t.type === miUTF8 || t.type === miUTF16 || t.type === miUTF32) {
      if (t.type === miUTF8) {
        const s = asciiOrUtf8(r.bytes.subarray(t.data, t.data + t.nbytes), this.path, field);
        const out = new Float64Array(numel);
        let k = 0;
        for (const ch of s) out[k++] = ch.codePointAt(0) ?? 0;
        if (k !== numel) throw badFile(this.path, field, `${k} characters for ${numel} elements`);
        return out;
      }
    }
    if (t.nbytes !== numel * size) throw badFile(this.path, field, `${t.nbytes} bytes for ${numel} values of ${size} bytes`);
    const v = r.view;
    const le = this.littleEndian;
    const base = t.data;
    if (t.type === miSINGLE && keepSingle) {
      const out = new Float32Array(numel);
      for (let i = 0; i < numel; i++) out[i] = v.getFloat32(base + 4 * i, le);
      return out;
    }
    const out = new Float64Array(numel);
    switch (t.type) {
      case miINT8:
        for (let i = 0; i < numel; i++) out[i] = v.getInt8(base + i);
        break;
      case miUINT8:
      case miUTF8:
        for (let i = 0; i < numel; i++) out[i] = v.getUint8(base + i);
        break;
      case miINT16:
        for (let i = 0; i < numel; i++) out[i] = v.getInt16(base + 2 * i, le);
        break;
      case miUINT16:
      case miUTF16:
        for (let i = 0; i < numel; i++) out[i] = v.getUint16(base + 2 * i, le);
        break;
      case miINT32:
        for (let i = 0; i < numel; i++) out[i] = v.getInt32(base + 4 * i, le);
        break;
      case miUINT32:
      case miUTF32:
        for (let i = 0; i < numel; i++) out[i] = v.getUint32(base + 4 * i, le);
        break;
      case miSINGLE:
        for (let i = 0; i < numel; i++) out[i] = v.getFloat32(base + 4 * i, le);
        break;
      case miDOUBLE:
        for (let i = 0; i < numel; i++) out[i] = v.getFloat64(base + 8 * i, le);
        break;
      case miINT64:
        for (let i = 0; i < numel; i++) out[i] = Number(v.getBigInt64(base + 8 * i, le));
        break;
      case miUINT64:
        for (let i = 0; i < numel; i++) out[i] = Number(v.getBigUint64(base + 8 * i, le));
        break;
      default:
        throw badFile(this.path, field, `data type ${t.type} cannot hold numbers`);
    }
    return out;
  }
}

function emptyDouble(): MatNumeric {
  return { kind: 'numeric', className: 'double', logical: false, dims: [0, 0], data: new Float64Array(0), storedAsInteger: false };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
function asciiOrUtf8(bytes: Uint8Array, path: string, field: string): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw badFile(path, field, 'text is not valid UTF-8');
  }
}

/** Parses MAT v5 bytes (MAT v7.3 files are HDF5 and get a typed "not supported yet" error). */
export function parseMat(bytes: Uint8Array, path: string): MatFile {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x48 && bytes[2] === 0x44 && bytes[3] === 0x46) {
    throw unsupported(path, 'MAT version', 'MAT v7.3 (HDF5) files are not supported yet; save with -v7 or -v6 in MATLAB');
  }
  if (bytes.length < 128) throw badFile(path, 'MAT header', `file has ${bytes.length} bytes, a MAT v5 header needs 128`);
  const headerText = latin1CString(bytes.subarray(0, 116)).trimEnd();
  const endian = String.fromCharCode(bytes[126], bytes[127]);
  if (endian !== 'IM' && endian !== 'MI') {
    if (headerText.startsWith('MATLAB 7.3')) {
      throw unsupported(path, 'MAT version', 'MAT v7.3 (HDF5) files are not supported yet; save with -v7 or -v6 in MATLAB');
    }
    if (bytes.subarray(0, 4).every((b) => b !== 0) && !headerText.startsWith('MATLAB')) {
      throw unsupported(path, 'MAT version', 'not a MAT v5 file (MAT v4 and other variants are not supported)');
    }
    throw badFile(path, 'MAT endian indicator', `expected "IM" or "MI", found ${JSON.stringify(endian)}`);
  }
  const littleEndian = endian === 'IM';
  const r = new ByteReader(bytes, path, littleEndian);
  const version = r.u16('MAT version', 124);
  if (version === 0x0200) {
    throw unsupported(path, 'MAT version', 'MAT v7.3 (HDF5) files are not supported yet; save with -v7 or -v6 in MATLAB');
  }
  if (version !== 0x0100) throw unsupported(path, 'MAT version', `unknown MAT version 0x${version.toString(16)}`);
  r.pos = 128;
  const p = new MatParser(path, littleEndian);
  const names: string[] = [];
  const variables: Record<string, MatValue> = {};
  while (r.pos + 8 <= r.length) {
    const el = p.element(r, 'variable', 0);
    if (!el) continue;
    if (!(el.name in variables)) names.push(el.name);
    variables[el.name] = el.value;
  }
  return { path, headerText, names, variables };
}

/** Reads a MAT v5 file: numeric (incl. compressed), char, struct and cell arrays. */
export async function readMat(path: string): Promise<MatFile> {
  return parseMat(await readWhole(path, 'MAT file'), path);
}

// ---- small accessors used by the readers ----

export function matNumber(v: MatValue | undefined): number | undefined {
  if (v?.kind === 'numeric' && v.data.length >= 1) return v.data[0];
  return undefined;
}

export function matString(v: MatValue | undefined): string | undefined {
  if (v?.kind === 'char') return v.rows.join('\n');
  return undefined;
}

/** The first variable whose name does not start with "__" and that is a numeric array (XBrainLab's rule for .mat). */
export function firstNumericVariable(mat: MatFile): { name: string; value: MatNumeric } | undefined {
  for (const name of mat.names) {
    const v = mat.variables[name];
    if (!name.startsWith('__') && v.kind === 'numeric') return { name, value: v };
  }
  return undefined;
}

const SFREQ_NAMES = ['sfreq', 'srate', 'fs', 'Fs', 'FS', 'sampling_rate', 'samplingRate'];
const DATA_NAMES = ['data', 'X', 'x', 'eeg', 'EEG', 'signal', 'signals'];

/**
 * A MAT v5 numeric array as a continuous recording. The array is the variable named data/X/eeg/signal (else the
 * largest 2-D numeric variable); it is read as channels × times, transposed when it has more rows than columns. The
 * sampling rate is the scalar variable sfreq/srate/fs/Fs/sampling_rate, else the sidecar `<stem>.json` {"sfreq": ...,
 * optional "ch_names"} — a file with neither is an error, since MAT arrays carry no rate. Values are taken as volts as stored (no unit conversion); channels are named "1".."n" unless a
 * cell/char variable `ch_names` (or `labels`) gives names.
 */
export const matReader: FormatReader = {
  format: 'MAT',
  extensions: ['.mat'],
  readHeader: async (path: string) => headerOf(await readMatRecording(path, { start: 0, stop: 0 })),
  read: (path: string, window?: SampleWindow) => readMatRecording(path, window),
};

async function readMatRecording(path: string, window?: SampleWindow): Promise<RawContent> {
  const mat = await readMat(path);
  let chosen: { name: string; value: MatNumeric } | undefined;
  for (const n of DATA_NAMES) {
    const v = mat.variables[n];
    if (v?.kind === 'numeric' && v.dims.length === 2) {
      chosen = { name: n, value: v };
      break;
    }
  }
  if (!chosen) {
    for (const name of mat.names) {
      const v = mat.variables[name];
      if (name.startsWith('__') || v.kind !== 'numeric' || v.dims.length !== 2 || v.data.length < 2) continue;
      if (!chosen || v.data.length > chosen.value.data.length) chosen = { name, value: v };
    }
  }
  if (!chosen) throw badFile(path, 'data variable', 'no 2-D numeric array in the file');
  let sfreq: number | undefined;
  for (const n of SFREQ_NAMES) {
    const s = matNumber(mat.variables[n]);
    if (s !== undefined) {
      sfreq = s;
      break;
    }
  }
  const side = await readSidecar(path);
  sfreq ??= side?.sfreq;
  if (sfreq === undefined) {
    throw badFile(
      path,
      'sfreq',
      `no sampling rate: no variable ${SFREQ_NAMES.join('/')} next to "${chosen.name}" and no sidecar ${sidecarPath(path)} with {"sfreq": ...}`,
    );
  }
  if (!Number.isFinite(sfreq) || sfreq <= 0) throw badFile(path, 'sfreq', `invalid sampling rate ${sfreq}`);
  const [rows, cols] = chosen.value.dims;
  const transposed = rows > cols;
  const nCh = transposed ? cols : rows;
  const nTimes = transposed ? rows : cols;
  const names = side?.ch_names?.length === nCh ? side.ch_names : channelNames(mat, nCh);
  const { start, stop } = clampWindow(window, nTimes, path);
  const src = chosen.value.data;
  const data: Float32Array[] = [];
  const acc = window ? undefined : new StatsAccumulator(nCh);
  for (let c = 0; c < nCh; c++) {
    const out = new Float32Array(stop - start);
    for (let t = start; t < stop; t++) {
      const x = transposed ? src[c * rows + t] : src[t * rows + c];
      out[t - start] = x;
      acc?.add(c, x);
    }
    data.push(out);
  }
  const channels: ChannelInfo[] = names.map((name) => ({ name, type: 'eeg', unit: 'V' }));
  return readerResult({ format: 'MAT', path, sfreq, nTimes, channels, measDate: null, annotations: [] }, data, window, start, acc?.result());
}

function channelNames(mat: MatFile, n: number): string[] {
  for (const key of ['ch_names', 'labels', 'channels']) {
    const v = mat.variables[key];
    let names: string[] | undefined;
    if (v?.kind === 'cell') names = v.cells.map((c) => matString(c) ?? '');
    else if (v?.kind === 'char') names = v.rows.map((s) => s.trim());
    if (names && names.length === n && names.every((s) => s.length > 0)) return names;
  }
  return Array.from({ length: n }, (_, i) => String(i + 1));
}

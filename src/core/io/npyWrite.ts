/**
 * NPY (format 1.0) and NPZ writers, as `numpy.save` / `numpy.savez` produce them: little-endian C-order arrays, the
 * header padded with spaces to a multiple of 64 bytes; NPZ is a ZIP of `<name>.npy` members stored without
 * compression (numpy.savez's default).
 */
import { writeFileSync } from 'node:fs';
import { XBrainError } from '../errors';

export type NpyData =
  Float32Array | Float64Array | Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | BigInt64Array | BigUint64Array;

export interface NpyInput {
  data: NpyData;
  shape: number[];
  /** store a Uint8Array as numpy bool ('|b1') */
  bool?: boolean;
}

function descr(a: NpyInput): string {
  const d = a.data;
  if (a.bool) {
    if (!(d instanceof Uint8Array)) throw new XBrainError('invalid_arguments', 'NPY bool arrays must be Uint8Array');
    return '|b1';
  }
  if (d instanceof Float32Array) return '<f4';
  if (d instanceof Float64Array) return '<f8';
  if (d instanceof Int8Array) return '|i1';
  if (d instanceof Uint8Array) return '|u1';
  if (d instanceof Int16Array) return '<i2';
  if (d instanceof Uint16Array) return '<u2';
  if (d instanceof Int32Array) return '<i4';
  if (d instanceof Uint32Array) return '<u4';
  if (d instanceof BigInt64Array) return '<i8';
  return '<u8';
}

/** The bytes of one .npy file. */
export function encodeNpy(a: NpyInput): Uint8Array {
  const n = a.shape.reduce((p, x) => p * x, 1);
  if (a.shape.some((x) => !Number.isInteger(x) || x < 0) || n !== a.data.length) {
    throw new XBrainError('invalid_arguments', `NPY shape (${a.shape.join(', ')}) does not match ${a.data.length} elements`, { field: 'shape' });
  }
  const head = npyHeader(descr(a), a.shape);
  const out = new Uint8Array(head.byteLength + a.data.byteLength);
  out.set(head, 0);
  out.set(new Uint8Array(a.data.buffer, a.data.byteOffset, a.data.byteLength), head.byteLength);
  return out;
}

/**
 * The magic, version and header of a .npy file of `shape` with dtype `descr` ('<f4' …): what precedes the data, for
 * writers that stream the data after it (export_epochs of a disk-backed epochs set).
 */
export function npyHeader(dtype: string, shape: readonly number[]): Uint8Array {
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) throw new XBrainError('internal', 'the NPY writer needs a little-endian machine');
  const shapeText = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
  const dict = `{'descr': '${dtype}', 'fortran_order': False, 'shape': ${shapeText}, }`;
  const total = Math.ceil((10 + dict.length + 1) / 64) * 64;
  const header = dict.padEnd(total - 11, ' ') + '\n';
  if (header.length > 0xffff) throw new XBrainError('invalid_arguments', 'NPY header too long (too many dimensions)');
  const out = new Uint8Array(10 + header.length);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0, header.length & 0xff, header.length >> 8], 0);
  for (let i = 0; i < header.length; i++) out[10 + i] = header.charCodeAt(i);
  return out;
}

export function writeNpy(path: string, a: NpyInput): void {
  writeFileSync(path, encodeNpy(a));
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The bytes of an .npz archive holding `arrays` as `<name>.npy` (stored, like numpy.savez). */
export function encodeNpz(arrays: Record<string, NpyInput>): Uint8Array {
  const locals: Uint8Array[] = [],
    centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, arr] of Object.entries(arrays)) {
    if (!/^[\w.-]+$/.test(name)) throw new XBrainError('invalid_arguments', `NPZ member name "${name}" must be letters, digits, _ . -`, { field: 'name' });
    const body = encodeNpy(arr);
    if (body.length >= 0xffffffff || offset >= 0xffffffff) throw new XBrainError('invalid_arguments', 'NPZ members above 4 GB are not supported');
    const fname = Buffer.from(`${name}.npy`, 'utf8');
    const crc = crc32(body);
    const local = Buffer.alloc(30 + fname.length);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01 00:00
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(body.length, 22);
    local.writeUInt16LE(fname.length, 26);
    local.writeUInt16LE(0, 28);
    fname.copy(local, 30);
    const central = Buffer.alloc(46 + fname.length);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(body.length, 24);
    central.writeUInt16LE(fname.length, 28);
    central.writeUInt32LE(offset, 42);
    fname.copy(central, 46);
    locals.push(local, body);
    centrals.push(central);
    offset += local.length + body.length;
  }
  const cdSize = centrals.reduce((n, c) => n + c.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length, 8);
  end.writeUInt16LE(centrals.length, 10);
  end.writeUInt32LE(cdSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

export function writeNpz(path: string, arrays: Record<string, NpyInput>): void {
  writeFileSync(path, encodeNpz(arrays));
}

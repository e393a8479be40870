import { open, stat } from 'node:fs/promises';
import { XBrainError } from '../../errors';
import { latin1 } from '../fileBytes';

/** A malformed file: the message names the file and the header field that was wrong. */
export function badFile(path: string, field: string, problem: string): XBrainError {
  return new XBrainError('bad_file', `${path}: ${field}: ${problem}`, { path, field });
}

/** An unsupported (but possibly valid) variant of a format. */
export function unsupported(path: string, field: string, problem: string): XBrainError {
  return new XBrainError('not_implemented', `${path}: ${field}: ${problem}`, { path, field });
}

/** Size of a file, with a typed error when it is missing (`role` says which file of a set, e.g. ".eeg data file"). */
export async function fileSize(path: string, role = 'file'): Promise<number> {
  try {
    const s = await stat(path);
    if (!s.isFile()) throw new XBrainError('not_found', `${path}: ${role} is not a regular file`, { path, field: role });
    return s.size;
  } catch (e) {
    if (e instanceof XBrainError) throw e;
    throw new XBrainError('not_found', `${path}: ${role} not found`, { path, field: role });
  }
}

/** Reads `length` bytes at `start`; fails with a typed error when the file is shorter. */
export async function readRange(path: string, start: number, length: number, field: string): Promise<Uint8Array> {
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(length) || start < 0 || length < 0) {
    throw badFile(path, field, `invalid byte range ${start}+${length}`);
  }
  let fh;
  try {
    fh = await open(path, 'r');
  } catch {
    throw new XBrainError('not_found', `${path}: file not found`, { path, field });
  }
  try {
    const size = (await fh.stat()).size;
    if (start + length > size) throw badFile(path, field, `needs bytes ${start}..${start + length} but the file has ${size} (truncated?)`);
    const out = new Uint8Array(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await fh.read(out, done, length - done, start + done);
      if (bytesRead === 0) throw badFile(path, field, `file ended at byte ${start + done}`);
      done += bytesRead;
    }
    return out;
  } finally {
    await fh.close();
  }
}

/** Reads a whole file (after a size check against `maxBytes`). */
export async function readWhole(path: string, role = 'file', maxBytes = 2 ** 31 - 1): Promise<Uint8Array> {
  const size = await fileSize(path, role);
  if (size > maxBytes) throw badFile(path, role, `file of ${size} bytes is larger than the ${maxBytes} bytes this reader loads at once`);
  return readRange(path, 0, size, role);
}

/** Bounds-checked cursor over a byte buffer; every read names the field it reads. */
export class ByteReader {
  readonly view: DataView;
  pos = 0;

  constructor(
    readonly bytes: Uint8Array,
    readonly path: string,
    readonly littleEndian = true,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get length(): number {
    return this.bytes.byteLength;
  }

  need(n: number, field: string, at = this.pos): void {
    if (!Number.isSafeInteger(n) || n < 0 || at < 0 || at + n > this.bytes.byteLength) {
      throw badFile(this.path, field, `needs ${n} bytes at offset ${at} but only ${Math.max(0, this.bytes.byteLength - at)} remain (truncated?)`);
    }
  }

  private at(n: number, field: string, at?: number): number {
    const p = at ?? this.pos;
    this.need(n, field, p);
    if (at === undefined) this.pos += n;
    return p;
  }

  u8(field: string, at?: number): number {
    return this.view.getUint8(this.at(1, field, at));
  }
  i8(field: string, at?: number): number {
    return this.view.getInt8(this.at(1, field, at));
  }
  u16(field: string, at?: number): number {
    return this.view.getUint16(this.at(2, field, at), this.littleEndian);
  }
  i16(field: string, at?: number): number {
    return this.view.getInt16(this.at(2, field, at), this.littleEndian);
  }
  u32(field: string, at?: number): number {
    return this.view.getUint32(this.at(4, field, at), this.littleEndian);
  }
  i32(field: string, at?: number): number {
    return this.view.getInt32(this.at(4, field, at), this.littleEndian);
  }
  f32(field: string, at?: number): number {
    return this.view.getFloat32(this.at(4, field, at), this.littleEndian);
  }
  f64(field: string, at?: number): number {
    return this.view.getFloat64(this.at(8, field, at), this.littleEndian);
  }

  slice(n: number, field: string, at?: number): Uint8Array {
    const p = this.at(n, field, at);
    return this.bytes.subarray(p, p + n);
  }

  skip(n: number, field: string): void {
    this.at(n, field);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The text before the first NUL (all of it if none), one code point per byte (ISO-8859-1, as fileBytes' latin1). */
export function latin1CString(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return latin1(end < 0 ? bytes : bytes.subarray(0, end));
}

/** Decodes a NUL-padded text field as UTF-8; invalid UTF-8 is a typed error naming the field. */
export function utf8Field(bytes: Uint8Array, path: string, field: string, trim = true): string {
  let end = bytes.indexOf(0);
  if (end < 0) end = bytes.length;
  let s: string;
  try {
    s = utf8.decode(bytes.subarray(0, end));
  } catch {
    throw badFile(path, field, 'text is not valid UTF-8');
  }
  return trim ? s.trim() : s;
}

/** A count read from a header must be a non-negative integer no larger than `max` (usually derived from the file size). */
export function checkCount(path: string, field: string, value: number, max: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw badFile(path, field, `invalid count ${value}`);
  if (value > max) throw badFile(path, field, `count ${value} exceeds what the file can hold (${max})`);
  return value;
}

/** Clamps a requested sample window to [0, nTimes]. */
export function clampWindow(window: { start: number; stop: number } | undefined, nTimes: number, path: string): { start: number; stop: number } {
  if (!window) return { start: 0, stop: nTimes };
  const { start, stop } = window;
  if (!Number.isInteger(start) || !Number.isInteger(stop) || start < 0 || stop < start) {
    throw new XBrainError('invalid_arguments', `${path}: invalid sample window [${start}, ${stop})`, { path, field: 'window' });
  }
  return { start: Math.min(start, nTimes), stop: Math.min(stop, nTimes) };
}

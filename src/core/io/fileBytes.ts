import { open, stat } from 'node:fs/promises';
import { XBrainError } from '../errors';

/** Size of a file, or a typed not_found error naming it. */
export async function fileSize(path: string): Promise<number> {
  try {
    const s = await stat(path);
    if (!s.isFile()) throw new XBrainError('bad_file', `${path}: not a regular file`);
    return s.size;
  } catch (e) {
    if (e instanceof XBrainError) throw e;
    throw new XBrainError('not_found', `${path}: file not found or not readable`, { path });
  }
}

/**
 * Reads bytes [position, position + length) into a fresh, 8-byte aligned buffer (so typed-array views over it are
 * legal). A short read is a typed error naming `field`.
 */
export async function readBytes(path: string, position: number, length: number, field: string): Promise<Uint8Array> {
  const buf = new Uint8Array(new ArrayBuffer(length));
  if (length === 0) return buf;
  let fh;
  try {
    fh = await open(path, 'r');
  } catch {
    throw new XBrainError('not_found', `${path}: file not found or not readable`, { path });
  }
  try {
    let done = 0;
    while (done < length) {
      const { bytesRead } = await fh.read(buf, done, length - done, position + done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    if (done < length) {
      throw new XBrainError('bad_file', `${path}: file is truncated while reading ${field} (needed ${length} bytes at offset ${position}, got ${done})`, {
        path,
        field,
      });
    }
    return buf;
  } finally {
    await fh.close();
  }
}

export function badField(path: string, field: string, why: string): XBrainError {
  return new XBrainError('bad_file', `${path}: invalid ${field}: ${why}`, { path, field });
}

/** Python-style ISO date with "+00:00" (as MNE's truth files print meas_date). */
export function isoUtc(d: Date): string {
  const p = (n: number, w = 2): string => String(n).padStart(w, '0');
  const base = `${p(d.getUTCFullYear(), 4)}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}T${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
  const ms = d.getUTCMilliseconds();
  return `${base}${ms ? '.' + p(ms * 1000, 6) : ''}+00:00`;
}

/** ISO-8859-1 with bytes mapped 1:1 onto code points (WHATWG's 'latin1' label is windows-1252, which is not). */
export function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** An open file read in chunks into one reused buffer (no per-chunk garbage on long recordings). */
export class ChunkReader {
  private constructor(
    private readonly fh: import('node:fs/promises').FileHandle,
    private readonly path: string,
  ) {}

  static async open(path: string): Promise<ChunkReader> {
    try {
      return new ChunkReader(await open(path, 'r'), path);
    } catch {
      throw new XBrainError('not_found', `${path}: file not found or not readable`, { path });
    }
  }

  /** Fills buf[0, length) from `position`; a short read is a typed error naming `field`. */
  async readInto(buf: Uint8Array, length: number, position: number, field: string): Promise<Uint8Array> {
    let done = 0;
    while (done < length) {
      const { bytesRead } = await this.fh.read(buf, done, length - done, position + done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    if (done < length) {
      throw new XBrainError('bad_file', `${this.path}: file is truncated while reading ${field} (needed ${length} bytes at offset ${position}, got ${done})`, {
        path: this.path,
        field,
      });
    }
    return buf.subarray(0, length);
  }

  close(): Promise<void> {
    return this.fh.close();
  }
}

/** Seeded mutations of file bytes for the reader fuzz test (deterministic: the same seed gives the same case). */

export type Rng = () => number;

/** The simulator's mulberry32 generator: the same seed gives the same case. */
export { rng } from '../../../../src/core/io/simulate';

const int = (r: Rng, n: number): number => Math.floor(r() * n);

/** Values that break naive readers: zero, negative, huge, sign bits, NaN patterns. */
const SPECIAL32 = [0, 1, 0xffffffff, 0x7fffffff, 0x80000000, 0x7fff, 0xffff, 0x8000, 0x40000000, 0x7fc00000];
const ASCII_EDITS = ['-1', '0', '99999999', '-99999999', 'abc', ' ', '1e308', 'nan', '\u00ff'];

export interface Mutation {
  bytes: Uint8Array;
  /** what was done, for failure messages */
  what: string;
}

/** An offset biased towards the header (where counts and sizes live). */
function offset(r: Rng, len: number, headerLen: number): number {
  if (len === 0) return 0;
  return r() < 0.75 ? int(r, Math.min(len, headerLen)) : int(r, len);
}

export function mutate(src: Uint8Array, r: Rng, headerLen: number, text: boolean): Mutation {
  const len = src.length;
  const op = int(r, text ? 7 : 6);
  const out = new Uint8Array(src);
  switch (op) {
    case 0: {
      const n = 1 + int(r, 8);
      const at: number[] = [];
      for (let i = 0; i < n && len > 0; i++) {
        const o = offset(r, len, headerLen);
        out[o] ^= 1 << int(r, 8);
        at.push(o);
      }
      return { bytes: out, what: `bit flips at ${at.join(',')}` };
    }
    case 1: {
      const cut = r() < 0.6 ? int(r, Math.min(len, headerLen * 2) + 1) : int(r, len + 1);
      return { bytes: src.slice(0, cut), what: `truncated to ${cut} of ${len} bytes` };
    }
    case 2: {
      // header field edit: a 1/2/4-byte integer overwritten with a special value, either endianness
      const width = [1, 2, 4][int(r, 3)];
      const o = Math.max(0, Math.min(offset(r, len, headerLen), len - width));
      const v = SPECIAL32[int(r, SPECIAL32.length)];
      const le = r() < 0.5;
      const view = new DataView(out.buffer);
      if (len >= width) {
        if (width === 1) view.setUint8(o, v & 0xff);
        else if (width === 2) view.setUint16(o, v & 0xffff, le);
        else view.setUint32(o, v >>> 0, le);
      }
      return { bytes: out, what: `${width}-byte field at ${o} := 0x${v.toString(16)} (${le ? 'LE' : 'BE'})` };
    }
    case 3: {
      // ASCII number field edit (EDF/GDF text headers, BrainVision keys)
      const o = offset(r, len, headerLen);
      const s = ASCII_EDITS[int(r, ASCII_EDITS.length)];
      const enc = s === '\u00ff' ? new Uint8Array([0xff]) : new TextEncoder().encode(s);
      out.set(enc.subarray(0, Math.max(0, len - o)), o);
      return { bytes: out, what: `text ${JSON.stringify(s)} written at ${o}` };
    }
    case 4: {
      // a chunk deleted (shifts every later field)
      const n = Math.min(len, 1 + int(r, 64));
      const o = Math.min(offset(r, len, headerLen), len - n);
      const res = new Uint8Array(len - n);
      res.set(src.subarray(0, o));
      res.set(src.subarray(o + n), o);
      return { bytes: res, what: `deleted ${n} bytes at ${o}` };
    }
    case 5: {
      // a run of random bytes
      const o = offset(r, len, headerLen);
      const n = 1 + int(r, 32);
      for (let i = o; i < Math.min(len, o + n); i++) out[i] = int(r, 256);
      return { bytes: out, what: `${n} random bytes at ${o}` };
    }
    default: {
      // text formats: a line's value replaced or a line dropped
      const t = new TextDecoder('latin1').decode(src);
      const lines = t.split('\n');
      const i = int(r, lines.length);
      const eq = lines[i].indexOf('=');
      let what: string;
      if (eq >= 0 && r() < 0.7) {
        const v = ASCII_EDITS[int(r, ASCII_EDITS.length)];
        lines[i] = lines[i].slice(0, eq + 1) + v;
        what = `line ${i + 1} value := ${JSON.stringify(v)}`;
      } else {
        lines.splice(i, 1);
        what = `line ${i + 1} dropped`;
      }
      const res = new Uint8Array(lines.join('\n').length);
      const joined = lines.join('\n');
      for (let k = 0; k < joined.length; k++) res[k] = joined.charCodeAt(k) & 0xff;
      return { bytes: res, what };
    }
  }
}

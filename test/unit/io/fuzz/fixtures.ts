import { readFileSync } from 'node:fs';
import { deflateRawSync, deflateSync } from 'node:zlib';
import { readMat } from '../../../../src/core/io/formats/mat';

/**
 * Writers for test fixtures in the byte layouts MATLAB (MAT v5) and numpy (.npy, .npz) produce, so tests can feed the
 * readers real EEG samples in variants the shared data does not cover (compressed MAT, inline EEGLAB data, NPZ).
 * The layouts were checked against files written by numpy 2.4 (np.savez / savez_compressed / save).
 */

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function matElement(type: number, payload: Uint8Array): Uint8Array {
  const pad = (8 - (payload.length % 8)) % 8;
  const out = new Uint8Array(8 + payload.length + pad);
  const v = new DataView(out.buffer);
  v.setUint32(0, type, true);
  v.setUint32(4, payload.length, true);
  out.set(payload, 8);
  return out;
}

function matrix(classId: number, dims: number[], name: string, body: Uint8Array[]): Uint8Array {
  const flags = new Uint8Array(8);
  new DataView(flags.buffer).setUint32(0, classId, true);
  const d = new Uint8Array(4 * dims.length);
  dims.forEach((x, i) => new DataView(d.buffer).setInt32(4 * i, x, true));
  return matElement(14, concat([matElement(6, flags), matElement(5, d), matElement(1, new TextEncoder().encode(name)), ...body]));
}

/** A numeric MAT array (double, or single for a Float32Array), values column-major. */
export function matArray(name: string, dims: number[], values: Float32Array | Float64Array): Uint8Array {
  const single = values instanceof Float32Array;
  return matrix(single ? 7 : 6, dims, name, [matElement(single ? 7 : 9, new Uint8Array(values.buffer, values.byteOffset, values.byteLength))]);
}

/** A double MAT array whose values MATLAB stored compactly as uint8 (what it does for small integral doubles). */
export function matDoubleAsUint8(name: string, dims: number[], values: number[]): Uint8Array {
  return matrix(6, dims, name, [matElement(2, Uint8Array.from(values))]);
}

/** A 1×n char array (UTF-16 code units, as MATLAB writes them). */
export function matChar(name: string, text: string): Uint8Array {
  const u = new Uint16Array([...text].map((c) => c.charCodeAt(0)));
  return matrix(4, [1, u.length], name, [matElement(4, new Uint8Array(u.buffer))]);
}

/** A 1×n struct array: `elements[i][field]` are fields written with an empty name. */
export function matStruct(name: string, fields: string[], elements: Record<string, (fieldName: '') => Uint8Array>[]): Uint8Array {
  const len = Math.max(...fields.map((f) => f.length)) + 1;
  const names = new Uint8Array(len * fields.length);
  fields.forEach((f, i) => names.set(new TextEncoder().encode(f), i * len));
  const lenEl = new Uint8Array(8);
  const lv = new DataView(lenEl.buffer);
  lv.setUint16(0, 5, true); // small element: miINT32, 4 bytes
  lv.setUint16(2, 4, true);
  lv.setInt32(4, len, true);
  const body = [lenEl, matElement(1, names)];
  for (const el of elements) for (const f of fields) body.push(el[f](''));
  return matrix(2, [1, elements.length], name, body);
}

/** A MAT v5 file (little-endian), each variable optionally wrapped in miCOMPRESSED as MATLAB -v7 does. */
export function matFile(elements: Uint8Array[], compress: boolean): Uint8Array {
  const header = new Uint8Array(128).fill(32);
  header.set(new TextEncoder().encode('MATLAB 5.0 MAT-file, written by the XBrain tests'), 0);
  new DataView(header.buffer).setUint16(124, 0x0100, true);
  header[126] = 'I'.charCodeAt(0);
  header[127] = 'M'.charCodeAt(0);
  const els = compress
    ? elements.map((e) => {
        const z = deflateSync(e);
        const out = new Uint8Array(8 + z.length);
        new DataView(out.buffer).setUint32(0, 15, true);
        new DataView(out.buffer).setUint32(4, z.length, true);
        out.set(z, 8);
        return out;
      })
    : elements;
  return concat([header, ...els]);
}

/** A .npy image (format 1.0 header padded to 64 bytes, as numpy writes). */
export function npyBytes(descr: string, shape: number[], payload: Uint8Array, fortran = false): Uint8Array {
  let header = `{'descr': '${descr}', 'fortran_order': ${fortran ? 'True' : 'False'}, 'shape': (${shape.join(', ')}${shape.length === 1 ? ',' : ''}), }`;
  const total = Math.ceil((10 + header.length + 1) / 64) * 64;
  header = header.padEnd(total - 10 - 1, ' ') + '\n';
  const out = new Uint8Array(total + payload.length);
  out.set([0x93, ...new TextEncoder().encode('NUMPY'), 1, 0], 0);
  new DataView(out.buffer).setUint16(8, header.length, true);
  out.set(new TextEncoder().encode(header), 10);
  out.set(payload, total);
  return out;
}

/** An .npz: a zip of .npy members, stored or deflated, with numpy's zip64 local extras (sizes 0xFFFFFFFF there). */
export function zipBytes(members: [string, Uint8Array][], deflate: boolean): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, body] of members) {
    const data = deflate ? new Uint8Array(deflateRawSync(body)) : body;
    const n = new TextEncoder().encode(name);
    const lh = new DataView(new ArrayBuffer(30 + n.length + 20));
    lh.setUint32(0, 0x04034b50, true);
    lh.setUint16(4, 45, true);
    lh.setUint16(8, deflate ? 8 : 0, true);
    lh.setUint32(18, 0xffffffff, true);
    lh.setUint32(22, 0xffffffff, true);
    lh.setUint16(26, n.length, true);
    lh.setUint16(28, 20, true);
    new Uint8Array(lh.buffer).set(n, 30);
    lh.setUint16(30 + n.length, 1, true);
    lh.setUint16(32 + n.length, 16, true);
    lh.setBigUint64(34 + n.length, BigInt(body.length), true);
    lh.setBigUint64(42 + n.length, BigInt(data.length), true);
    const ch = new DataView(new ArrayBuffer(46 + n.length));
    ch.setUint32(0, 0x02014b50, true);
    ch.setUint16(10, deflate ? 8 : 0, true);
    ch.setUint32(20, data.length, true);
    ch.setUint32(24, body.length, true);
    ch.setUint16(28, n.length, true);
    ch.setUint32(42, offset, true);
    new Uint8Array(ch.buffer).set(n, 46);
    locals.push(new Uint8Array(lh.buffer), data);
    centrals.push(new Uint8Array(ch.buffer));
    offset += lh.byteLength + data.length;
  }
  const cdSize = centrals.reduce((a, c) => a + c.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, members.length, true);
  end.setUint16(10, members.length, true);
  end.setUint32(12, cdSize, true);
  end.setUint32(16, offset, true);
  return concat([...locals, ...centrals, new Uint8Array(end.buffer)]);
}

/**
 * An EEGLAB .set holding its samples (EEG.data numeric, compressed as MATLAB -v7 saves), built from a real .set/.fdt
 * pair: chanlocs labels and X/Y/Z, events (type, latency, duration 0) and the first `pnts` samples.
 */
export async function inlineEeglabSet(setPath: string, fdtPath: string, opts: { trials?: number; pnts?: number } = {}): Promise<Uint8Array> {
  const src = await readMat(setPath);
  const eeg = src.variables.EEG;
  if (eeg.kind !== 'struct') throw new Error('EEG');
  const f = eeg.elements[0];
  const nbchan = f.nbchan.kind === 'numeric' ? f.nbchan.data[0] : 0;
  const total = f.pnts.kind === 'numeric' ? f.pnts.data[0] : 0;
  const pnts = opts.pnts ?? total;
  const trials = opts.trials ?? 1;
  const locs = f.chanlocs.kind === 'struct' ? f.chanlocs.elements : [];
  const events = (f.event.kind === 'struct' ? f.event.elements : []).filter((e) => e.latency.kind === 'numeric' && e.latency.data[0] <= pnts);
  const num = (v: { kind: string; data?: ArrayLike<number> }): number => (v.kind === 'numeric' ? v.data![0] : NaN);
  const str = (v: { kind: string; rows?: string[] }): string => (v.kind === 'char' ? v.rows!.join('') : '');
  const fdt = readFileSync(fdtPath);
  const samples = new Float32Array(fdt.buffer.slice(fdt.byteOffset, fdt.byteOffset + nbchan * pnts * 4));
  const d = (x: number) => (n: string) => matArray(n, [1, 1], new Float64Array([x]));
  const setEl = matStruct(
    'EEG',
    ['setname', 'nbchan', 'trials', 'pnts', 'srate', 'data', 'chanlocs', 'event'],
    [
      {
        setname: (n) => matChar(n, 'inline copy'),
        nbchan: d(nbchan),
        trials: d(trials),
        pnts: d(pnts / trials),
        srate: d(num(f.srate)),
        data: (n) => matArray(n, [nbchan, pnts], samples),
        chanlocs: (n) =>
          matStruct(
            n,
            ['labels', 'X', 'Y', 'Z'],
            locs.map((l) => ({
              labels: (m) => matChar(m, str(l.labels)),
              X: d(num(l.X)),
              Y: d(num(l.Y)),
              Z: d(num(l.Z)),
            })),
          ),
        event: (n) =>
          matStruct(
            n,
            ['type', 'latency', 'duration'],
            events.map((e) => ({
              type: (m) => matChar(m, str(e.type)),
              latency: d(num(e.latency)),
              duration: d(0),
            })),
          ),
      },
    ],
  );
  return matFile([setEl], true);
}

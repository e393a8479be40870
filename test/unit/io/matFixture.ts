/** A minimal MAT v5 writer for label fixtures (one double matrix variable), so tests need no MATLAB or SciPy. */
export function matV5Double(name: string, rows: number, cols: number, columnMajor: number[]): Buffer {
  const head = Buffer.alloc(128, 0x20);
  head.write('MATLAB 5.0 MAT-file, written by the XBrain test suite', 0, 'latin1');
  head.writeBigUInt64LE(0n, 116);
  head.writeUInt16LE(0x0100, 124);
  head.write('IM', 126, 'latin1');
  const pad8 = (n: number): number => (n + 7) & ~7;
  const nameBytes = Buffer.from(name, 'latin1');
  const parts: Buffer[] = [];
  const el = (type: number, payload: Buffer): void => {
    const h = Buffer.alloc(8);
    h.writeUInt32LE(type, 0);
    h.writeUInt32LE(payload.length, 4);
    parts.push(h, payload, Buffer.alloc(pad8(payload.length) - payload.length));
  };
  const flags = Buffer.alloc(8);
  flags.writeUInt32LE(6, 0); // mxDOUBLE_CLASS
  el(6, flags);
  const dims = Buffer.alloc(8);
  dims.writeInt32LE(rows, 0);
  dims.writeInt32LE(cols, 4);
  el(5, dims);
  el(1, nameBytes);
  const values = Buffer.alloc(8 * columnMajor.length);
  columnMajor.forEach((v, i) => values.writeDoubleLE(v, 8 * i));
  el(9, values);
  const body = Buffer.concat(parts);
  const matrix = Buffer.alloc(8);
  matrix.writeUInt32LE(14, 0);
  matrix.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, matrix, body]);
}

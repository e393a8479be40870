/**
 * Minimal NPY v1.0 writer for export_epochs (little-endian float32 / int64, C order). Kept here because the I/O
 * area's writer did not exist when export_epochs was written; the format is small and fixed.
 */
export type NpyArray = { dtype: '<f4'; data: Float32Array; shape: number[] } | { dtype: '<i8'; data: BigInt64Array; shape: number[] };

export function encodeNpy(a: NpyArray): Buffer {
  const shape = a.shape.length === 1 ? `(${a.shape[0]},)` : `(${a.shape.join(', ')})`;
  let header = `{'descr': '${a.dtype}', 'fortran_order': False, 'shape': ${shape}, }`;
  // magic (6) + version (2) + header length (2) + header, padded with spaces to a multiple of 64, ending in \n
  const total = Math.ceil((10 + header.length + 1) / 64) * 64;
  header = header.padEnd(total - 10 - 1, ' ') + '\n';
  const head = Buffer.alloc(10);
  head.write('\x93NUMPY', 0, 'latin1');
  head[6] = 1;
  head[7] = 0;
  head.writeUInt16LE(header.length, 8);
  const bytes = new Uint8Array(a.data.buffer, a.data.byteOffset, a.data.byteLength);
  return Buffer.concat([head, Buffer.from(header, 'latin1'), bytes]);
}

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from '../helpers/paths';

/** test/golden: MNE/SciPy outputs the kernels are compared with (tests only; see its README). */
export const goldenDir = process.env.XBRAIN_REFBENCH ? resolve(process.env.XBRAIN_REFBENCH, 'golden') : resolve(repoRoot, 'test/golden');

export function readF64(name: string): Float64Array {
  const b = readFileSync(resolve(goldenDir, name));
  return new Float64Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}

export function readRows(name: string, rows: number): Float64Array[] {
  const a = readF64(name);
  const n = a.length / rows;
  return Array.from({ length: rows }, (_, r) => a.subarray(r * n, (r + 1) * n));
}

export const manifest = JSON.parse(readFileSync(resolve(goldenDir, 'manifest.json'), 'utf8')) as {
  params: Record<string, Record<string, { mne_log?: string; filter_length?: number; freqs?: number[]; padlen?: number }>>;
};

/** max |a − b| / std(b) over all rows */
export function maxRelErr(got: ArrayLike<number>[], want: ArrayLike<number>[]): number {
  let worst = 0;
  for (let r = 0; r < want.length; r++) {
    const w = want[r],
      g = got[r];
    if (g.length !== w.length) return Infinity;
    let m = 0;
    for (let i = 0; i < w.length; i++) m += w[i];
    m /= w.length;
    let v = 0;
    for (let i = 0; i < w.length; i++) v += (w[i] - m) ** 2;
    const sd = Math.sqrt(v / w.length);
    for (let i = 0; i < w.length; i++) worst = Math.max(worst, Math.abs(g[i] - w[i]) / sd);
  }
  return worst;
}

import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Size of every file under `dir` (relative names), `skip` (the workspace the fuzzer may write to) left out. */
export function fileSizes(dir: string, skip: string): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (d: string): void => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (p === skip) continue;
      const st = statSync(p, { throwIfNoEntry: false });
      if (st?.isDirectory()) walk(p);
      else if (st) out.set(relative(dir, p), st.size);
    }
  };
  walk(dir);
  return out;
}

/** Files that appeared or changed size between two `fileSizes` listings: writes outside the workspace. */
export function changedFiles(before: Map<string, number>, after: Map<string, number>): string[] {
  return [...after].filter(([f, size]) => before.get(f) !== size).map(([f]) => f);
}

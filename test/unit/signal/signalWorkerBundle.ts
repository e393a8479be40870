// Builds the signal worker (src/core/signal/workers/entry.ts) from the current sources into a temporary folder, so
// the row-parallel tests never run a stale dist/.
import * as esbuild from 'esbuild';
import * as path from 'node:path';
import { repoRoot } from '../helpers/paths';

export async function buildSignalWorker(outDir: string): Promise<string> {
  const outfile = path.join(outDir, 'signalWorker.js');
  await esbuild.build({
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
    entryPoints: [path.join(repoRoot, 'src/core/signal/workers/entry.ts')],
    outfile,
  });
  return outfile;
}

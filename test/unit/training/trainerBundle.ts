// Builds the trainer child-process bundle (and its data-parallel worker) from the current sources into a temporary
// folder, so the child-process tests never run a stale dist/.
import * as esbuild from 'esbuild';
import * as path from 'node:path';
import { repoRoot } from '../helpers/paths';

export async function buildTrainerBundle(outDir: string): Promise<string> {
  const common = { bundle: true, platform: 'node' as const, format: 'cjs' as const, target: 'node20', external: ['onnxruntime-node'], logLevel: 'warning' as const };
  await Promise.all([
    esbuild.build({ ...common, entryPoints: [path.join(repoRoot, 'src/core/training/trainerProcess.ts')], outfile: path.join(outDir, 'trainer.js') }),
    esbuild.build({ ...common, entryPoints: [path.join(repoRoot, 'src/core/training/workerEntry.ts')], outfile: path.join(outDir, 'trainWorker.js') }),
  ]);
  return path.join(outDir, 'trainer.js');
}

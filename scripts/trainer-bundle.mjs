// Builds the trainer child-process bundle (and its data-parallel worker) from the current sources into a temporary
// folder and points XBRAIN_TRAINER at it, so the agent evaluations (whose simulated Study trains real models) never
// run a stale or missing dist/trainer.js. The folder is removed when the process exits.
import * as esbuild from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

export async function useFreshTrainer(root) {
  const dir = mkdtempSync(join(tmpdir(), 'xbrain-trainer-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const common = { bundle: true, platform: 'node', format: 'cjs', target: 'node20', external: ['onnxruntime-node'], logLevel: 'warning' };
  await Promise.all([
    esbuild.build({ ...common, entryPoints: [join(root, 'src/core/training/trainerProcess.ts')], outfile: join(dir, 'trainer.js') }),
    esbuild.build({ ...common, entryPoints: [join(root, 'src/core/training/workerEntry.ts')], outfile: join(dir, 'trainWorker.js') }),
  ]);
  process.env.XBRAIN_TRAINER = join(dir, 'trainer.js');
}

// Builds the trainer child-process bundle (and its data-parallel worker) from the current sources into a temporary
// folder, so the child-process tests never run a stale dist/.
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { repoRoot } from '../helpers/paths';

export async function buildTrainerBundle(outDir: string): Promise<string> {
  const common = {
    bundle: true,
    platform: 'node' as const,
    format: 'cjs' as const,
    target: 'node20',
    external: ['onnxruntime-node'],
    logLevel: 'warning' as const,
  };
  await Promise.all([
    esbuild.build({ ...common, entryPoints: [path.join(repoRoot, 'src/core/training/trainerProcess.ts')], outfile: path.join(outDir, 'trainer.js') }),
    esbuild.build({ ...common, entryPoints: [path.join(repoRoot, 'src/core/training/workerEntry.ts')], outfile: path.join(outDir, 'trainWorker.js') }),
  ]);
  return path.join(outDir, 'trainer.js');
}

/**
 * For a test file's tools: a temporary folder (removed after the file's tests) with a package root `pkg` whose dist/
 * holds the trainer bundle, built before the tests; with `python`, pkg/python holds the PyTorch trainer too.
 */
export function tempPackageRoot(prefix: string, opts: { python?: boolean } = {}): { tmp: string; packageRoot: string } {
  const tmp = mkdtempSync(path.join(tmpdir(), prefix));
  const packageRoot = path.join(tmp, 'pkg');
  beforeAll(async () => {
    await buildTrainerBundle(path.join(packageRoot, 'dist'));
    if (opts.python) {
      mkdirSync(path.join(packageRoot, 'python'), { recursive: true });
      copyFileSync(path.join(repoRoot, 'python', 'xbrain_trainer.py'), path.join(packageRoot, 'python', 'xbrain_trainer.py'));
    }
  }, 60_000);
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  return { tmp, packageRoot };
}

/**
 * For a test file that launches the trainer itself: a temporary folder (removed after the file's tests) whose dist/
 * holds the trainer bundle; `entry` is its trainer.js and `worker` its data-parallel worker script once the bundle is
 * built (before the tests).
 */
export function tempTrainerBundle(prefix: string): { tmp: string; entry: string; worker: string } {
  const bundle = { tmp: mkdtempSync(path.join(tmpdir(), prefix)), entry: '', worker: '' };
  beforeAll(async () => {
    bundle.entry = await buildTrainerBundle(path.join(bundle.tmp, 'dist'));
    bundle.worker = path.join(path.dirname(bundle.entry), 'trainWorker.js');
  }, 60_000);
  afterAll(() => rmSync(bundle.tmp, { recursive: true, force: true }));
  return bundle;
}

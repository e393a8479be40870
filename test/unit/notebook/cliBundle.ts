import { copyFileSync, mkdtempSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import * as esbuild from 'esbuild';
import { repoRoot } from '../helpers/paths';

/**
 * Builds the CLI into a package-shaped folder (package.json + dist/cli.js, trainer.js, trainWorker.js) so it finds
 * its trainer bundles as an installed package does. Returns the path of cli.js.
 */
export async function buildCliPackage(): Promise<string> {
  spawnSync(process.execPath, ['scripts/gen-cli-index.mjs'], { cwd: repoRoot });
  const pkg = mkdtempSync(join(tmpdir(), 'xbrain-pkg-'));
  copyFileSync(join(repoRoot, 'package.json'), join(pkg, 'package.json'));
  symlinkSync(join(repoRoot, 'node_modules'), join(pkg, 'node_modules'));
  const bundle = (entry: string, out: string) =>
    esbuild.build({
      entryPoints: [join(repoRoot, entry)],
      outfile: join(pkg, 'dist', out),
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['onnxruntime-node', 'vscode'],
      logLevel: 'error',
    });
  await Promise.all([
    bundle('src/cli/main.ts', 'cli.js'),
    bundle('src/core/training/trainerProcess.ts', 'trainer.js'),
    bundle('src/core/training/workerEntry.ts', 'trainWorker.js'),
  ]);
  return join(pkg, 'dist', 'cli.js');
}

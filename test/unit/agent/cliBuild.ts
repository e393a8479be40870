import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import * as esbuild from 'esbuild';
import { repoRoot } from '../helpers/paths';

/** Bundles the CLI from source into a temp folder (the same way the foundation CLI tests do). */
export async function buildCli(): Promise<string> {
  spawnSync(process.execPath, ['scripts/gen-cli-index.mjs'], { cwd: repoRoot });
  const cli = join(mkdtempSync(join(tmpdir(), 'xbrain-cli-')), 'cli.js');
  await esbuild.build({
    entryPoints: [join(repoRoot, 'src/cli/main.ts')],
    outfile: cli,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['onnxruntime-node', 'vscode'],
    logLevel: 'error',
  });
  return cli;
}

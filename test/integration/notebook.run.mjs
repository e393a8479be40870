// Runs test/integration/notebook.suite.ts inside VS Code (code-server 1.139 via ../shared/tools/vscode-e2e):
// builds the bundles, prepares a temporary workspace with a copy of one real EDF (never copied into the repo).
//   node test/integration/notebook.run.mjs
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';

const root = resolve(import.meta.dirname, '../..');
const tool = process.env.VSCODE_E2E_TOOL ?? resolve(root, '../shared/tools/vscode-e2e');
const data = process.env.XBRAIN_TEST_DATA ? resolve(process.env.XBRAIN_TEST_DATA) : resolve(root, 'test/data');
const fail = (msg) => {
  console.error(`notebook integration: ${msg}`);
  process.exit(2);
};
if (!existsSync(join(tool, 'run-extension-tests.mjs'))) fail(`vscode-e2e tool not found at ${tool} (set VSCODE_E2E_TOOL)`);
if (!existsSync(join(data, 'S001R04.edf'))) fail(`test EDF not found in ${data} (set XBRAIN_TEST_DATA)`);

if (!process.argv.includes('--no-build')) {
  const b = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit', cwd: root });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
await esbuild.build({
  entryPoints: ['test/integration/notebook.suite.ts'],
  outfile: 'out/integration/notebook.suite.js',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode', 'onnxruntime-node'],
  sourcemap: 'inline',
  logLevel: 'warning',
  absWorkingDir: root,
});
const ws = mkdtempSync(join(tmpdir(), 'xbrain-nb-it-'));
copyFileSync(join(data, 'S001R04.edf'), join(ws, 'S001R04.edf'));
const r = spawnSync(
  'node',
  [
    join(tool, 'run-extension-tests.mjs'),
    '--ext',
    root,
    '--tests',
    join(root, 'out/integration/notebook.suite.js'),
    '--workspace',
    ws,
    '--timeout',
    '300',
    '--port',
    process.env.PORT ?? '8937',
  ],
  { stdio: 'inherit', cwd: root },
);
rmSync(ws, { recursive: true, force: true });
process.exit(r.status ?? 1);

// npm run test:integration — builds the extension and the extension-host suite, prepares a temporary workspace with
// one real EDF from XBRAIN_TEST_DATA (copied to /tmp, never into the repo) and runs the suite inside VS Code 1.139
// (code-server) with ../shared/tools/vscode-e2e/run-extension-tests.mjs. Needs scripts/e2e-install.sh to have run.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const tool = process.env.VSCODE_E2E_TOOL ?? resolve(root, '../shared/tools/vscode-e2e');
const data = process.env.XBRAIN_TEST_DATA ? resolve(process.env.XBRAIN_TEST_DATA) : resolve(root, 'test/data');
const fail = (msg) => {
  console.error(`test:integration: ${msg}`);
  process.exit(2);
};
if (!existsSync(join(tool, 'run-extension-tests.mjs'))) fail(`vscode-e2e tool not found at ${tool} (set VSCODE_E2E_TOOL)`);
if (!existsSync(join(data, 'S001R04.edf'))) fail(`test EDF not found in ${data} (set XBRAIN_TEST_DATA)`);

const sh = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
sh(process.execPath, ['scripts/build.mjs']);
await esbuild.build({
  entryPoints: ['test/integration/suite.ts'],
  outfile: 'out/integration/suite.js',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode', 'onnxruntime-node'],
  sourcemap: 'inline',
  logLevel: 'warning',
  absWorkingDir: root,
});

const ws = mkdtempSync(join(tmpdir(), 'xbrain-it-'));
copyFileSync(join(data, 'S001R04.edf'), join(ws, 'S001R04.edf'));
const r = spawnSync(
  'node',
  [
    join(tool, 'run-extension-tests.mjs'),
    '--ext',
    root,
    '--tests',
    join(root, 'out/integration/suite.js'),
    '--workspace',
    ws,
    '--timeout',
    '300',
    ...(process.env.PORT ? ['--port', process.env.PORT] : []),
  ],
  { stdio: 'inherit', cwd: root },
);
rmSync(ws, { recursive: true, force: true });
process.exit(r.status ?? 1);

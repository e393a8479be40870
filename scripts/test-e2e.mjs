// npm run test:e2e — builds, prepares a temporary workspace with one real EDF (copied to /tmp, never into the repo)
// and runs test/e2e/*.e2e.mjs with node:test against code-server + Chromium. Screenshots go to test-results/e2e/.
// Needs scripts/e2e-install.sh to have run.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const tool = process.env.VSCODE_E2E_TOOL ?? resolve(root, '../shared/tools/vscode-e2e');
const data = process.env.XBRAIN_TEST_DATA ? resolve(process.env.XBRAIN_TEST_DATA) : resolve(root, 'test/data');
const fail = (msg) => {
  console.error(`test:e2e: ${msg}`);
  process.exit(2);
};
if (!existsSync(join(tool, 'lib', 'vscode-e2e.mjs'))) fail(`vscode-e2e tool not found at ${tool} (set VSCODE_E2E_TOOL)`);
if (!existsSync(join(data, 'S001R04.edf'))) fail(`test EDF not found in ${data} (set XBRAIN_TEST_DATA)`);

const b = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit', cwd: root });
if (b.status !== 0) process.exit(b.status ?? 1);

const only = process.argv.slice(2);
const files = readdirSync(join(root, 'test/e2e'))
  .filter((f) => f.endsWith('.e2e.mjs') && (only.length === 0 || only.some((o) => f.includes(o))))
  .map((f) => join(root, 'test/e2e', f));
// Each file gets its own fresh workspace: the extension persists the Study in <workspace>/.xbrain, so a file that
// leaves an epoched study behind would otherwise change what the next file's palette offers.
const runFile = (file) => {
  const ws = mkdtempSync(join(tmpdir(), 'xbrain-e2e-'));
  copyFileSync(join(data, 'S001R04.edf'), join(ws, 'S001R04.edf'));
  const r = spawnSync('node', ['--test', '--test-concurrency=1', file], {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, VSCODE_E2E_TOOL: tool, XBRAIN_E2E_WORKSPACE: ws, XBRAIN_E2E_EXTENSION: root, XBRAIN_E2E_OUT: join(root, 'test-results', 'e2e') },
  });
  rmSync(ws, { recursive: true, force: true });
  return r.status ?? 1;
};
// A file that fails is run once more on a fresh workspace and a fresh VS Code: a real browser and workbench on a
// shared 2-core machine stall now and then (one CI run waited 300 s for a notebook output that 5 local runs showed
// in 9-16 s). The first failure stays in the log above, and the summary line names the file, so a flake is seen.
let status = 0;
const flaky = [];
for (const file of files) {
  let s = runFile(file);
  if (s !== 0) {
    console.error(`test:e2e: ${file} failed (output above); running it once more`);
    s = runFile(file);
    if (s === 0) flaky.push(file);
  }
  if (s !== 0) status = s;
}
if (flaky.length) console.error(`test:e2e: FLAKY (failed once, passed on the second run): ${flaky.join(', ')}`);
process.exit(status);

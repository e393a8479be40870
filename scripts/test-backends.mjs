// npm run test:backends — the suites that need more than Node: PyTorch parity and the pytorch backend (python3 with
// torch) and the Slurm backend (a running controller reachable through SLURM_CONF). It asks the product itself which
// backends work here (`xbrain backends --json`, the same probes the extension uses) and, when one is missing, says in
// one line what to install and exits non-zero instead of running tests that cannot pass. `.ci/run` installs both.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const probe = spawnSync(process.execPath, [resolve(root, 'dist/cli.js'), 'backends', '--json'], { cwd: root, encoding: 'utf8' });
if (probe.status !== 0) {
  console.error(`test:backends: could not probe the backends (run npm run build first): ${probe.stderr.trim().split('\n').pop()}`);
  process.exit(2);
}
const byName = Object.fromEntries(JSON.parse(probe.stdout).backends.map((b) => [b.name, b]));
const needs = [
  ['pytorch', 'python3 with torch (Debian: apt-get install python3-torch, or set XBRAIN_PYTHON)'],
  ['slurm', 'a running Slurm controller with sbatch on PATH and SLURM_CONF set (.ci/run starts ../shared/tools/slurm-local)'],
];
const missing = needs.filter(([name]) => !byName[name]?.available).map(([name, what]) => `${what} — ${name}: ${byName[name]?.detail ?? 'unknown'}`);
if (missing.length) {
  console.error(`test:backends needs ${missing.join('; and ')}`);
  process.exit(2);
}
const r = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.backends.config.mts', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);

// The hostile-client fuzzer (issue 18): `npm run fuzz -- mcp|files [--count N] [--seed S] [--json]`.
//   mcp    N seeded hostile messages to `xbrain mcp` (bundled from source), each followed by a ping probe
//   files  N mutated recordings per format (sidecars included) loaded through load_data with the strict boundary
// Prints the report (crashes, hangs, internal texts, writes outside the workspace, Study integrity, RSS) and exits 1
// when any count is not zero or RSS grew more than 1 GB over idle. The seeded small run lives in test/unit/fuzz.
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadTs } from './load-ts.mjs';

const [area, ...rest] = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : dflt;
};
const count = Number(flag('count', area === 'files' ? 200 : 2000));
const seed = Number(flag('seed', 18));
const json = rest.includes('--json');
const dataDir = resolve(process.env.XBRAIN_TEST_DATA ?? 'test/data');
if (!['mcp', 'files'].includes(area) || !(count > 0) || !Number.isFinite(seed)) {
  console.error('usage: npm run fuzz -- mcp|files [--count N] [--seed S] [--json]');
  process.exit(2);
}
const log = json ? undefined : (line) => console.error(line);
const t0 = Date.now();
let report;
if (area === 'mcp') {
  // the product as shipped: dist/cli.js with its signal worker beside it (filters leave the event loop)
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: json ? 'ignore' : ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) process.exit(1);
  const cli = resolve('dist/cli.js');
  const { runMcpFuzz } = await loadTs('test/fuzz/mcpFuzz.ts');
  report = await runMcpFuzz({ cli, dataFile: join(dataDir, 'S001R04.edf'), count, seed, log });
} else {
  const { runFilesFuzz } = await loadTs('test/fuzz/filesFuzz.ts');
  report = await runFilesFuzz({ dataDir, count, seed, log });
}
report.seconds = Math.round((Date.now() - t0) / 1000);
const bad = ['crashes', 'hangs', 'unanswered', 'internalTexts', 'writesOutside', 'studyChanged', 'escapes'].filter((k) => (report[k] ?? 0) > 0);
if (report.studyIntact === false) bad.push('studyIntact');
if (report.rssPeakMB - report.rssIdleMB > 1024) bad.push('rss');
console.log(JSON.stringify(report, null, json ? 0 : 2));
if (bad.length) console.error(`fuzz ${area}: FAILED (${bad.join(', ')})`);
process.exit(bad.length ? 1 : 0);

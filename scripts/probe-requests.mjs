// node scripts/probe-requests.mjs [--json] [--list] [--half tune|held] [--group G]
// Runs the request probe (test/unit/agent/requestProbe.ts: request frames in English and Traditional Chinese × value
// forms × stages, each with its expected call computed from the simulated Study's facts) through the agent with the
// offline planner (test/unit/agent/requestProbeRun.ts) and prints the share of right probes on the tune half and the
// held half of the frames (split by a hash of the frame id), by group and by family. --list prints the failures of
// the tune half only (tune on those; the held half is read as totals).
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTs } from './load-ts.mjs';
import { useFreshTrainer } from './trainer-bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
await useFreshTrainer(root);
const { requestProbe } = await loadTs(join(root, 'test/unit/agent/requestProbe.ts'));
const { scoreRequestProbe } = await loadTs(join(root, 'test/unit/agent/requestProbeRun.ts'));

const probes = requestProbe().filter((p) => (!flag('--half') || p.half === flag('--half')) && (!flag('--group') || p.group === flag('--group')));
const s = await scoreRequestProbe(root, probes);
const pct = (x) => `${(x.rate * 100).toFixed(1)}% (${x.right}/${x.probes})`;
const failures = s.outcomes
  .filter((o) => !o.ok && o.probe.half === 'tune')
  .map((o) => ({ id: o.probe.id, turns: o.probe.turns, expect: o.probe.expect, problem: o.problem }));
const frames = new Set(probes.map((p) => p.frame));
const report = {
  probes: probes.length,
  frames: frames.size,
  tune: s.tune,
  held: s.held,
  byGroup: s.byGroup,
  byFamily: s.byFamily,
  ...(args.includes('--list') ? { tuneFailures: failures } : {}),
};
if (args.includes('--json')) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
else {
  console.log(`request probe: ${probes.length} probes from ${frames.size} frames`);
  console.log(`  tune ${pct(s.tune)}   held ${pct(s.held)}`);
  for (const [k, v] of Object.entries(s.byGroup)) console.log(`  ${k.padEnd(28)} tune ${pct(v.tune).padEnd(18)} held ${pct(v.held)}`);
  for (const [k, v] of Object.entries(s.byFamily)) console.log(`  ${k.padEnd(28)} tune ${pct(v.tune).padEnd(18)} held ${pct(v.held)}`);
  if (args.includes('--list')) for (const x of failures) console.log(`  FAIL ${x.id}: ${x.turns.join(' | ')} → ${x.problem}; want ${JSON.stringify(x.expect)}`);
}
process.exit(0);

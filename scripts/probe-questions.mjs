// node scripts/probe-questions.mjs [--json] [--list] [--kind question|request|mixed] [--stage S]
// Runs the question probe (test/unit/agent/questionProbe.ts: question, polite-request and mixed frames in English and
// Traditional Chinese × the subject of every tool that changes the Study) through the agent with the offline planner
// on the simulated Study (test/unit/agent/questionProbeRun.ts) and counts, by frame family, the questions that acted
// (a call that changes the Study reached it unproposed), the requests that did not call their step, and the mixed
// turns that ran unasked. --list prints each problem.
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTs } from './load-ts.mjs';
import { useFreshTrainer } from './trainer-bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
await useFreshTrainer(root);
const { questionProbe } = await loadTs(join(root, 'test/unit/agent/questionProbe.ts'));
const { probeSessions, stagesOf, probeProblem, PROBE_STAGES } = await loadTs(join(root, 'test/unit/agent/questionProbeRun.ts'));

const stages = flag('--stage') ? [flag('--stage')] : PROBE_STAGES;
const probes = questionProbe().filter((p) => !flag('--kind') || p.kind === flag('--kind'));
const runner = await probeSessions(root, stages);
const tally = {};
const problems = [];
let runs = 0;
for (const p of probes) {
  for (const stage of stagesOf(p, stages)) {
    const o = await runner.run(p, stage);
    runs++;
    const t = ((tally[p.kind] ??= {})[`${p.lang} ${p.family}`] ??= { runs: 0, problems: 0 });
    t.runs++;
    const problem = probeProblem(o);
    if (problem) {
      t.problems++;
      problems.push({ kind: p.kind, family: p.family, stage, text: p.text, problem });
    }
  }
}
await runner.close();
const byKind = Object.fromEntries(
  Object.entries(tally).map(([k, fam]) => [
    k,
    { runs: Object.values(fam).reduce((a, t) => a + t.runs, 0), problems: Object.values(fam).reduce((a, t) => a + t.problems, 0) },
  ]),
);
const report = { probes: probes.length, runs, byKind, byFamily: tally, ...(args.includes('--list') ? { problems } : {}) };
if (args.includes('--json')) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
else {
  console.log(`question probe: ${probes.length} probes, ${runs} runs (stages ${stages.join(', ')})`);
  for (const [k, v] of Object.entries(byKind)) console.log(`  ${k.padEnd(8)} ${v.problems} problems in ${v.runs} runs`);
  for (const [k, fam] of Object.entries(tally))
    for (const [f, t] of Object.entries(fam)) if (t.problems) console.log(`    ${k} · ${f}: ${t.problems}/${t.runs}`);
  if (args.includes('--list')) for (const x of problems) console.log(`  [${x.kind} @ ${x.stage}] ${x.text} → ${x.problem}`);
}
process.exit(0);

// npm run eval:agent — runs test/agent-cases/cases.jsonl through the agent on the simulated Study (the real tools over
// simulated recordings, src/core/agent/simulatedStudy.ts; offline planner by default; --llm openai uses
// XBRAIN_LLM_BASE_URL / _MODEL / OPENAI_API_KEY) and prints the scores and the time taken.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadTs } from './load-ts.mjs';
import { useFreshTrainer } from './trainer-bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const json = args.includes('--json');
const llmKind = args.includes('--llm') ? args[args.indexOf('--llm') + 1] : 'offline';
const file = args.includes('--cases') ? args[args.indexOf('--cases') + 1] : join(root, 'test/agent-cases/cases.jsonl');
const cases = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('//'))
  .map((l) => JSON.parse(l));
await useFreshTrainer(root);
const { runEval } = await loadTs(join(root, 'src/core/agent/evaluation.ts'));
const { createLlm } = await loadTs(join(root, 'src/core/agent/backends.ts'));
const env = { workspace: mkdtempSync(join(tmpdir(), 'xbrain-eval-')), packageRoot: root, trusted: true };
process.once('exit', () => rmSync(env.workspace, { recursive: true, force: true }));
const started = Date.now();
const s = await runEval(cases, env, () => createLlm(llmKind, process.env));
const seconds = (Date.now() - started) / 1000;
if (json) {
  process.stdout.write(JSON.stringify({ ...s, seconds }, null, 2) + '\n');
} else {
  const pct = (x) => `${(x * 100).toFixed(1)}%`;
  console.log(`agent eval (${llmKind}, real tools on the simulated Study): ${s.cases} cases in ${seconds.toFixed(1)} s`);
  console.log(
    `  intent ${pct(s.intent)}  tool selection ${pct(s.toolSelection)}  parameters ${pct(s.parameters)}  state transitions ${pct(s.stateTransition)}  error recovery ${pct(s.errorRecovery)}`,
  );
  for (const [k, v] of Object.entries(s.byCategory)) console.log(`  ${k.padEnd(14)} ${v.passed}/${v.n}`);
  for (const f of s.failures) console.log(`  FAIL ${f.id}: ${f.what}`);
}

// node scripts/kb-holdback.mjs <outDir> --session h8|h9 — splits knowledge-base development sets (test/kb-eval) into a
// tune part and a holdback for one tuning session (issue 19). Each rule was fixed, and its holdback scored, before any
// change of its session; a tuner reads only a holdback's totals, never its failures.
//   h8 (branches h8-*): dev5 + dev6; held back when sha256("h8:" + id), read as a number from its first 8 hex digits, is
//       divisible by 3 (75 questions).
//   h9 (branch h9-kbtune): dev7, a fresh set no tuner had seen; held back when sha256("h9:" + id) is even (~1/2).
// Writes <set>-tune.jsonl and <set>-holdback.jsonl per set, and <session>-holdback.jsonl with every held question.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const session = args.includes('--session') ? args[args.indexOf('--session') + 1] : 'h9';
const out = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--session') ?? '/tmp';
mkdirSync(out, { recursive: true });
const hashNumber = (s) => parseInt(createHash('sha256').update(s).digest('hex').slice(0, 8), 16);
const rules = {
  h8: { sets: ['dev5', 'dev6'], held: (id) => hashNumber(`h8:${id}`) % 3 === 0 },
  h9: { sets: ['dev7'], held: (id) => hashNumber(`h9:${id}`) % 2 === 0 },
};
const rule = rules[session];
if (!rule) throw new Error(`--session must be one of ${Object.keys(rules).join(', ')}, got ${session}`);
const held = [];
for (const name of rule.sets) {
  const lines = readFileSync(join(root, 'test/kb-eval', `${name}.jsonl`), 'utf8')
    .split('\n')
    .filter((l) => l.trim());
  const parts = { tune: [], holdback: [] };
  for (const l of lines) parts[rule.held(JSON.parse(l).id) ? 'holdback' : 'tune'].push(l);
  for (const [k, v] of Object.entries(parts)) writeFileSync(join(out, `${name}-${k}.jsonl`), v.join('\n') + '\n');
  held.push(...parts.holdback);
  console.log(`${name}: tune ${parts.tune.length}, holdback ${parts.holdback.length}`);
}
writeFileSync(join(out, `${session}-holdback.jsonl`), held.join('\n') + '\n');

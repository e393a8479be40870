// node scripts/agent-holdback.mjs <outDir> [--session h5|h6|h8|h9|h10] — splits development sets into a tune part and a holdback
// part for one tuning session (issue 14). The unit is the conversation (id without -t<k>) or the single case, so a
// conversation is never split. Each rule was fixed, and its holdback scored once, before any planner change of its
// session; only a holdback's totals are read, never its failures.
//   h5 (branch h5-planner): dev4 + dev5; held back when the first hex digit of sha256(unit id) is below 5 (~5/16).
//   h6 (branch h6-planner): dev4 + dev5 + dev6; held back when sha256("h6:" + unit id), read as a number from its
//       first 8 hex digits, is divisible by 3 (~1/3). The salt makes the draw independent of h5's.
//   h8 (branch h8-planner): dev6 + dev7; held back when sha256("h8:" + unit id), read as a number from its first 8 hex
//       digits, is divisible by 3 (~1/3), salted so the draw is independent of h6's.
//   h9 (branch h9-rprobe): dev9, a fresh set no tuner had seen; held back when sha256("h9:" + unit id), read as a
//       number from its first 8 hex digits, is even (~1/2): half of it stays unseen by the tuner.
//   h10 (this session's tuning on dev10): dev10, a fresh set (fifth independent author) scored whole on main before
//       any change (180/260); held back when sha256("h10:" + unit id), read as a number from its first 8 hex digits,
//       is even (~1/2).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const session = args.includes('--session') ? args[args.indexOf('--session') + 1] : 'h5';
const out = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--session') ?? '/tmp';
mkdirSync(out, { recursive: true });
const unit = (id) => id.replace(/-t\d+$/, '');
const sha = (s) => createHash('sha256').update(s).digest('hex');
const rules = {
  h5: { sets: ['dev4', 'dev5'], held: (id) => parseInt(sha(unit(id))[0], 16) < 5 },
  h6: { sets: ['dev4', 'dev5', 'dev6'], held: (id) => parseInt(sha(`h6:${unit(id)}`).slice(0, 8), 16) % 3 === 0 },
  h8: { sets: ['dev6', 'dev7'], held: (id) => parseInt(sha(`h8:${unit(id)}`).slice(0, 8), 16) % 3 === 0 },
  h9: { sets: ['dev9'], held: (id) => parseInt(sha(`h9:${unit(id)}`).slice(0, 8), 16) % 2 === 0 },
  h10: { sets: ['dev10'], held: (id) => parseInt(sha(`h10:${unit(id)}`).slice(0, 8), 16) % 2 === 0 },
};
const rule = rules[session];
if (!rule) throw new Error(`--session must be one of ${Object.keys(rules).join(', ')}, got ${session}`);
const all = { tune: [], holdback: [] };
for (const name of rule.sets) {
  const lines = readFileSync(join(root, 'test/agent-cases', `${name}.jsonl`), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('//'));
  const parts = { tune: [], holdback: [] };
  for (const l of lines) parts[rule.held(JSON.parse(l).id) ? 'holdback' : 'tune'].push(l);
  for (const [k, v] of Object.entries(parts)) {
    writeFileSync(join(out, `${name}-${k}.jsonl`), v.join('\n') + '\n');
    all[k].push(...v);
  }
  console.log(`${name}: tune ${parts.tune.length}, holdback ${parts.holdback.length}`);
}
if (session !== 'h5') for (const [k, v] of Object.entries(all)) writeFileSync(join(out, `${session}-${k}.jsonl`), v.join('\n') + '\n');

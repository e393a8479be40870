// node scripts/agent-holdback.mjs <outDir> — splits dev4.jsonl + dev5.jsonl into a tune part and a holdback part for one
// tuning session (issue 14, branch h5-planner). The unit is the conversation (id without -t<k>) or the single case; a
// unit is held back when the first hex digit of sha256(unit id) is below 5 (about 5/16 of the units). The rule was fixed
// and the holdback scored once before any planner change; only its totals are read, never its failures.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = process.argv[2] ?? '/tmp';
mkdirSync(out, { recursive: true });
const unit = (id) => id.replace(/-t\d+$/, '');
const held = (id) => parseInt(createHash('sha256').update(unit(id)).digest('hex')[0], 16) < 5;
for (const name of ['dev4', 'dev5']) {
  const lines = readFileSync(join(root, 'test/agent-cases', `${name}.jsonl`), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('//'));
  const parts = { tune: [], holdback: [] };
  for (const l of lines) parts[held(JSON.parse(l).id) ? 'holdback' : 'tune'].push(l);
  for (const [k, v] of Object.entries(parts)) writeFileSync(join(out, `${name}-${k}.jsonl`), v.join('\n') + '\n');
  console.log(`${name}: tune ${parts.tune.length}, holdback ${parts.holdback.length}`);
}

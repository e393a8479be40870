// node scripts/split-agent-cases.mjs <all.jsonl>  — deal the cases into test/agent-cases/dev.jsonl and test.jsonl by
// the rule in test/agent-cases/split.ts (hash order per category × language stratum, whole conversations).
// node scripts/split-agent-cases.mjs --check       — recompute the rule over dev ∪ test and fail if a case is misplaced.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTs } from './load-ts.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'test/agent-cases');
const read = (f) =>
  readFileSync(f, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
const { splitSides } = await loadTs(join(dir, 'split.ts'));
const args = process.argv.slice(2);
if (args[0] === '--check') {
  const dev = read(join(dir, 'dev.jsonl'));
  const test = read(join(dir, 'test.jsonl'));
  const side = splitSides([...dev, ...test]);
  const wrong = [...dev.filter((c) => side.get(c.id) !== 'dev'), ...test.filter((c) => side.get(c.id) !== 'test')].map((c) => c.id);
  if (wrong.length) {
    console.error(`misplaced: ${wrong.join(', ')}`);
    process.exit(1);
  }
  console.log(`split ok: dev ${dev.length}, test ${test.length}`);
} else if (args[0]) {
  const all = read(resolve(args[0]));
  const side = splitSides(all);
  const line = (c) => JSON.stringify(c) + '\n';
  writeFileSync(
    join(dir, 'dev.jsonl'),
    all
      .filter((c) => side.get(c.id) === 'dev')
      .map(line)
      .join(''),
  );
  writeFileSync(
    join(dir, 'test.jsonl'),
    all
      .filter((c) => side.get(c.id) === 'test')
      .map(line)
      .join(''),
  );
  console.log(`dev ${all.filter((c) => side.get(c.id) === 'dev').length}, test ${all.filter((c) => side.get(c.id) === 'test').length}`);
} else {
  console.error('usage: node scripts/split-agent-cases.mjs <all.jsonl> | --check');
  process.exit(2);
}

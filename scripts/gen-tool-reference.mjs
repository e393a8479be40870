// Generates knowledge_base/tool_reference.md from the tool registry (the agent retrieves from it).
// `--check` exits non-zero when the file is stale (a unit test runs the same comparison).
import { readFileSync, writeFileSync } from 'node:fs';
import { loadTs } from './load-ts.mjs';

const { renderToolReference } = await loadTs('src/core/tools/reference.ts');
const out = renderToolReference();
const file = 'knowledge_base/tool_reference.md';
if (process.argv.includes('--check')) {
  let cur = '';
  try {
    cur = readFileSync(file, 'utf8');
  } catch {
    /* missing counts as stale */
  }
  if (cur !== out) {
    console.error(`${file} is stale: run npm run gen:docs`);
    process.exit(1);
  }
  console.log(`${file} is up to date`);
} else {
  writeFileSync(file, out);
  console.log(`wrote ${file}`);
}

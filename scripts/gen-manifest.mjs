// Builds package.json `contributes` from the fragments in src/extension/contributes/*.json (one per feature area,
// so areas never edit package.json concurrently) plus `languageModelTools` generated from the tool registry.
// `node scripts/gen-manifest.mjs --check` fails when package.json is stale (a unit test runs it).
import { readFileSync, writeFileSync, readdirSync, existsSync } from 'node:fs';
import { loadTs } from './load-ts.mjs';

const check = process.argv.includes('--check');
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const contributes = {};
const activation = new Set(pkg.activationEvents ?? []);
const dir = 'src/extension/contributes';
// the extension area's fragment is generated from src/extension/manifestFragment.ts (commands from the stage table)
{
  const { extensionContributes } = await loadTs('src/extension/manifestFragment.ts');
  const text = JSON.stringify(extensionContributes(), null, 2) + '\n';
  const file = `${dir}/extension.json`;
  if (text !== readFileSync(file, 'utf8')) {
    if (check) {
      console.error(`${file} is stale: run \`npm run gen:manifest\``);
      process.exit(1);
    }
    writeFileSync(file, text);
  }
}
const files = existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
  : [];
for (const f of files) {
  const frag = JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'));
  for (const e of frag.activationEvents ?? []) activation.add(e);
  for (const [k, v] of Object.entries(frag.contributes ?? {})) {
    if (Array.isArray(v)) contributes[k] = [...(contributes[k] ?? []), ...v];
    else if (v && typeof v === 'object') {
      contributes[k] = contributes[k] ?? {};
      for (const [kk, vv] of Object.entries(v)) {
        contributes[k][kk] = Array.isArray(vv)
          ? [...(contributes[k][kk] ?? []), ...vv]
          : vv && typeof vv === 'object'
            ? { ...(contributes[k][kk] ?? {}), ...vv }
            : vv;
      }
    } else contributes[k] = v;
  }
}

const { TOOL_DEFINITIONS } = await loadTs('src/core/tools/definitions/index.ts');
contributes.languageModelTools = TOOL_DEFINITIONS.map((d) => ({
  name: `xbrain_${d.name}`,
  displayName: `XBrain: ${d.summary}`,
  toolReferenceName: d.name,
  canBeReferencedInPrompt: true,
  icon: '$(pulse)',
  tags: ['xbrain', 'eeg', d.category],
  userDescription: d.summary,
  modelDescription: `${d.description} Available in stages: ${d.stages.join(', ')}.${d.needsConfirmation ? ' Asks the user for confirmation.' : ''}`,
  inputSchema: d.parameters,
  when: `xbrain.trusted && (${d.stages.map((s) => `xbrain.stage == '${s}'`).join(' || ')})`,
}));

const next = { ...pkg, activationEvents: [...activation].sort(), contributes };
const out = JSON.stringify(next, null, 2) + '\n';
if (check) {
  if (out !== readFileSync('package.json', 'utf8')) {
    console.error('package.json contributes is stale: run `npm run gen:manifest`');
    process.exit(1);
  }
  console.log('package.json contributes is up to date');
} else {
  writeFileSync('package.json', out);
  console.log(`package.json: ${files.length} fragment(s), ${contributes.languageModelTools.length} language model tools`);
}

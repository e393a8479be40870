// Layering is enforced here, not by review: src/core is the product and must run without VS Code,
// webview code is browser-only and must not reach the extension host.
import { readFileSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const frontEnds = {
  paths: [{ name: 'vscode', message: 'src/core must not import vscode: put VS Code code in src/extension.' }],
  patterns: [{ group: ['**/extension/**', '**/webview/**', '**/cli/**'], message: 'src/core must not depend on front ends.' }],
};

// The layers inside src/core (docs/architecture.md §1), bottom first: a layer may import itself and the layers below.
// The same file drives test/unit/foundation/importGraph.test.ts, which also resolves import() and catches cycles.
const { layers } = JSON.parse(readFileSync(new URL('./src/core/layers.json', import.meta.url), 'utf8'));
const isFolder = (m) => m.endsWith('/');
const isPattern = (m) => m.includes('*');
const namedFiles = layers.flatMap((l) => l.members.filter((m) => !isFolder(m) && !isPattern(m)));
const filesOf = (m) => (isFolder(m) ? `${m}**/*.ts` : m);
/** Import specifiers that reach a member (the floor is never forbidden, so its pattern needs none). */
const specifiersOf = (m) => {
  if (isPattern(m)) return [];
  const name = m.replace(/\/$/, '').split('/').pop().replace(/\.ts$/, '');
  return isFolder(m) ? [`**/${name}`, `**/${name}/**`] : [`**/${name}`];
};
const layerZones = layers
  .map((layer, i) => {
    const above = layers.slice(i + 1);
    if (above.length === 0) return null;
    const group = above.flatMap((l) => l.members.flatMap(specifiersOf));
    return {
      files: layer.members.map(filesOf),
      ignores: layer.members.some(isPattern) ? namedFiles.filter((f) => !layer.members.includes(f)) : [],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            ...frontEnds,
            patterns: [
              ...frontEnds.patterns,
              {
                group,
                message: `src/core layer '${layer.name}' must not import ${above.map((l) => `'${l.name}'`).join(', ')} (src/core/layers.json, docs/architecture.md §1).`,
              },
            ],
          },
        ],
      },
    };
  })
  .filter(Boolean);

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'test-results/**', '**/*.d.ts'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-eval': 'error',
      'no-new-func': 'error',
    },
  },
  { files: ['src/core/**/*.ts'], rules: { 'no-restricted-imports': ['error', frontEnds] } },
  ...layerZones,
  {
    files: ['src/webview/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'webview code runs in the browser.' }],
          patterns: [{ group: ['**/extension/**', '**/cli/**', 'node:*'], message: 'webview code runs in the browser.' }],
        },
      ],
    },
  },
);

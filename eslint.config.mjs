// Layering is enforced here, not by review: src/core is the product and must run without VS Code,
// webview code is browser-only and must not reach the extension host.
import tseslint from 'typescript-eslint';

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
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'src/core must not import vscode: put VS Code code in src/extension.' }],
        patterns: [{ group: ['**/extension/**', '**/webview/**', '**/cli/**'], message: 'src/core must not depend on front ends.' }],
      }],
    },
  },
  {
    files: ['src/webview/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'webview code runs in the browser.' }],
        patterns: [{ group: ['**/extension/**', '**/cli/**', 'node:*'], message: 'webview code runs in the browser.' }],
      }],
    },
  },
);

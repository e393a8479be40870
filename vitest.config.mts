import { defineConfig } from 'vitest/config';
import { delimiter, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

// The test recordings live outside the temporary workspaces the tests create: they are configured as data folders,
// the documented way a user reads recordings kept outside the workspace (docs/workspace.md). Tests of the
// boundary itself set ToolEnv.dataFolders explicitly and so do not see these.
const dataFolders = [
  resolve(root, 'test/data'),
  resolve(root, 'test/fixtures'),
  ...(process.env.XBRAIN_TEST_DATA ? [resolve(process.env.XBRAIN_TEST_DATA)] : []),
];

// `npm test`: everything that needs only Node. The suites that need Python + torch or a Slurm controller live in
// test/unit/backends and run with `npm run test:backends` (vitest.backends.config.mts).
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    exclude: ['test/unit/backends/**', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    env: { XBRAIN_DATA_FOLDERS: [...dataFolders, process.env.XBRAIN_DATA_FOLDERS ?? ''].filter(Boolean).join(delimiter) },
  },
});

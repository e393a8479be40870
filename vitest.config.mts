import { defineConfig } from 'vitest/config';

// `npm test`: everything that needs only Node. The suites that need Python + torch or a Slurm controller live in
// test/unit/backends and run with `npm run test:backends` (vitest.backends.config.mts).
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    exclude: ['test/unit/backends/**', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});

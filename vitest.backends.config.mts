import { defineConfig } from 'vitest/config';

// `npm run test:backends`: the PyTorch parity and pytorch-backend tests (python3 with torch) and the Slurm backend tests
// (a running controller, SLURM_CONF). scripts/test-backends.mjs checks both before it runs these.
export default defineConfig({
  test: {
    include: ['test/unit/backends/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});

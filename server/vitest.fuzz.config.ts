import { defineProject } from 'vitest/config';

// The long fuzz run (`npm run test:fuzz`): the suite `npm test` runs briefly, with thousands of
// cases. FUZZ_RUNS and FUZZ_SEED from the environment win (src/fuzz/README.md).
export default defineProject({
  test: {
    name: 'fuzz',
    include: ['src/fuzz/**/*.test.ts'],
    environment: 'node',
    env: { FUZZ_RUNS: process.env.FUZZ_RUNS ?? '4000' },
    testTimeout: 600_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});

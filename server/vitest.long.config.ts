import { defineConfig } from 'vitest/config';

// The long tiers, one project each, never part of `npm test` (`.ci/run` calls their npm scripts):
// - fuzz: the fuzz suite with thousands of cases (`npm run test:fuzz`); FUZZ_RUNS and FUZZ_SEED from
//   the environment win (test/fuzz/README.md).
// - reliability: whole-process tests, real servers and PostgreSQL clusters stopped and started
//   (`npm run test:outage`, `test:crash`, `test:cluster`, one file each).
export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'fuzz',
          include: ['test/fuzz/**/*.test.ts'],
          env: { FUZZ_RUNS: process.env.FUZZ_RUNS ?? '4000' },
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'reliability',
          include: ['test/reliability/**/*.reliability.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

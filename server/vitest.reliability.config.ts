import { defineProject } from 'vitest/config';

// Slow, whole-process tests (real servers, real PostgreSQL clusters stopped and started). Run by
// .ci/run through `npm run test:outage`, `test:crash` and `test:cluster` (one file each), not by `npm test`.
export default defineProject({
  test: {
    name: 'reliability',
    include: ['src/reliability/**/*.reliability.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});

import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Each file gets its own database (PGlite in memory, or a fresh PostgreSQL database).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});

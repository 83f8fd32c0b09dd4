import { configDefaults, defineProject } from 'vitest/config';

// Unit and integration tests (`src/**/*.test.ts`, next to their code) and the short fuzz run
// (`test/fuzz`). `npm test` runs them on PGlite, `npm run test:pg` on PostgreSQL. The long tiers are
// in vitest.long.config.ts.
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Two servers on one database, and the seed on several connections, need a real PostgreSQL: they
    // run in the PostgreSQL tier only, so the PGlite run lists no skipped file.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.TEST_DATABASE_URL
        ? []
        : ['src/modules/realtime/two-servers.test.ts', 'src/db/seed/banking/parallel.test.ts']),
    ],
    environment: 'node',
    // Each file gets its own database (a copy of one migrated PGlite, or a fresh PostgreSQL database
    // cloned from a migrated template: test/support/migrated-template.ts). The timeouts only catch a
    // hang: two files share the 2 cores, and a slow file must not fail for that.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});

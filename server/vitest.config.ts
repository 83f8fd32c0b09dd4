import { configDefaults, defineProject } from 'vitest/config';

// Unit and integration tests (`src/**/*.test.ts`, next to their code) and the short fuzz run
// (`test/fuzz`). `npm test` runs them on PGlite, `npm run test:pg` on PostgreSQL. The long tiers are
// in vitest.long.config.ts.
//
// The root vitest.config.ts makes two projects of these files: `server`, which shares one module graph
// per worker, and `server-isolated` for the files that mock a module.

// Two servers on one database, and the seed on several connections, need a real PostgreSQL: they
// run in the PostgreSQL tier only, so the PGlite run lists no skipped file. CI runs the fuzz suite
// once, long (`npm run test:fuzz`), so it sets SHORT_FUZZ=off to leave the short run to developers.
const excluded = [
  ...configDefaults.exclude,
  ...(process.env.TEST_DATABASE_URL
    ? []
    : [
        'src/modules/realtime/two-servers.test.ts',
        'src/modules/realtime/insider-session-end-two-servers.test.ts',
        'src/db/seed/banking/parallel.test.ts',
        // Production runs on PostgreSQL: the README's production start is checked there.
        'test/production-start.test.ts',
        // The schema snapshot is pg_dump's, of a PostgreSQL database.
        'src/db/schema-snapshot/schema-snapshot.test.ts',
      ]),
  ...(process.env.SHORT_FUZZ === 'off' ? ['test/fuzz/**'] : []),
];

const shared = {
  root: import.meta.dirname,
  environment: 'node',
  // Each file gets its own database (a copy of one migrated PGlite, or a fresh PostgreSQL database
  // cloned from a migrated template: test/support/migrated-template.ts). The timeouts only catch a
  // hang: two files share the 2 cores, and a slow file must not fail for that.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  pool: 'forks',
} as const;

export const serverProject = defineProject({
  test: {
    ...shared,
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: excluded,
    // A query sent on a connection still running one fails the run (the file says why).
    setupFiles: ['./test/support/no-busy-connection.ts'],
  },
});

export default serverProject;

import { configDefaults, defineProject, type TestProjectInlineConfiguration } from 'vitest/config';

// Unit and integration tests (`src/**/*.test.ts`, next to their code) and the short fuzz run
// (`test/fuzz`). `npm test` runs them on PGlite, `npm run test:pg` on PostgreSQL. The long tiers are
// in vitest.long.config.ts.

/**
 * Files that need a process of their own (vitest.isolated.config.ts): they mock a module with
 * `vi.mock`, which a shared worker would carry over to the files after them.
 */
export const NEEDS_OWN_PROCESS = [
  'src/modules/auth/audit-trail.test.ts',
  'src/modules/realtime/read-failures.test.ts',
];

export const serverTests: NonNullable<TestProjectInlineConfiguration['test']> = {
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  environment: 'node',
  // Each file gets its own database (a copy of one migrated PGlite, or a fresh PostgreSQL database).
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks',
};

export default defineProject({
  test: {
    ...serverTests,
    name: 'server',
    // Files share their worker's loaded modules: each builds its own app on its own database, and not
    // loading the server's module graph again per file saves about a third of the tier's CPU.
    isolate: false,
    exclude: [
      ...configDefaults.exclude,
      ...NEEDS_OWN_PROCESS,
      // Two servers on one database need a real PostgreSQL: they run in the PostgreSQL tier only, so
      // the PGlite run lists no skipped file.
      ...(process.env.TEST_DATABASE_URL ? [] : ['src/modules/realtime/two-servers.test.ts']),
    ],
  },
});

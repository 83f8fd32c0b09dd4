import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineProject } from 'vitest/config';

// Unit and integration tests (`src/**/*.test.ts`, next to their code) and the short fuzz run
// (`test/fuzz`). `npm test` runs them on PGlite, `npm run test:pg` on PostgreSQL. The long tiers are
// in vitest.long.config.ts.
//
// Two projects share these files:
// - `server` runs without per-file isolation: each worker imports the app graph once and every file
//   reuses it (importing and transforming it cost about 5 s a file, over half of the tier's time).
//   Files stay independent through their own database and app instance, never through module state.
// - `server-isolated` runs the few files that replace a module with `vi.mock`, each in a fresh module
//   graph: a mock cannot replace a module that an earlier file in the same worker already imported.
// A file lands in one or the other by what it contains, so a new mocking file cannot turn flaky.

const serverDir = import.meta.dirname;

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const mockingFiles = [...testFiles(path.join(serverDir, 'src')), ...testFiles(path.join(serverDir, 'test'))]
  .filter((file) => /\bvi\.(do)?mock\(/.test(fs.readFileSync(file, 'utf8')))
  .map((file) => path.relative(serverDir, file).split(path.sep).join('/'));

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
  root: serverDir,
  environment: 'node',
  // Each file gets its own database (a copy of one migrated PGlite, or a fresh PostgreSQL database
  // cloned from a migrated template: test/support/migrated-template.ts). The timeouts only catch a
  // hang: two files share the 2 cores, and a slow file must not fail for that.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  pool: 'forks',
} as const;

export const serverProjects = [
  defineProject({
    test: {
      ...shared,
      name: 'server',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      exclude: [...excluded, ...mockingFiles],
      isolate: false,
    },
  }),
  defineProject({
    test: {
      ...shared,
      name: 'server-isolated',
      include: mockingFiles.length > 0 ? mockingFiles : ['no-mocking-file'],
      exclude: excluded,
    },
  }),
];

export default serverProjects[0];

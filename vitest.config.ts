import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { serverProject } from './server/vitest.config.ts';
import webProject from './web/vitest.config.ts';

// One runner for every workspace; `npm run test:pg` reruns just the server projects on PostgreSQL.
// Projects with nothing of their own to configure are written here; server and web keep their file
// (server/vitest.long.config.ts holds the long fuzz and reliability tiers, e2e runs on its own).
//
// The server's and the web's test files each make two projects:
// - `server` and `web` run without per-file isolation: each worker imports the module graph (and, for
//   the web, builds its jsdom environment) once, and every file reuses it. Isolation cost about 5 s a
//   file on the server and 1.5–2 s of CPU a file on the web (ADR 0034). Files stay independent
//   through their own database, app instance and rendered tree, never through module state.
// - `server-isolated` and `web-isolated` run the files that replace a module with `vi.mock`, each in a
//   fresh module graph: a mock cannot replace a module that an earlier file in the same worker already
//   imported. A file lands in one or the other by what it contains, so a new mocking file cannot turn
//   flaky.
// - `web-isolated` gives each file its fresh graph in a new VM context of a long-lived worker thread
//   (`vmThreads`), not a new process: jsdom and the node_modules are loaded once per worker instead of
//   once per file. Its then 96 files took 73 s and 134 CPU s instead of 181 s and 343 (`forks`), the
//   same 304 tests passing; beside two CPU burners, 138–174 s against 350 s, every test passing in
//   both (bench/results/2026-11-30-ci-time-2.md). The server's isolated files keep `forks`:
//   they load native addons (argon2, pg), which a VM context shares badly.
// - A web test that only needs to replace some functions spies on them for each test instead
//   (web/src/lib/testing/stubs.ts) and stays in `web`. Since the 62 files that mocked @/lib/api-client
//   do, `web` has 103 files (19 s, 29 CPU s on its own) and `web-isolated` 34 (15 s, 26 CPU s); the
//   two took 33 s and 54 CPU s together instead of 53 s and 92, the same 432 tests passing (2 cores).

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The test files under `root`'s `dirs` that call `vi.mock` or `vi.doMock`, relative to `root`. */
function mockingFiles(root: string, dirs: string[]): string[] {
  return dirs
    .flatMap((dir) => testFiles(path.join(root, dir)))
    .filter((file) => /\bvi\.(do)?mock\(/.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file).split(path.sep).join('/'));
}

/** The shared-graph project and its isolated twin for the mocking files. */
function sharedAndIsolated(
  project: TestProjectInlineConfiguration,
  dirs: string[],
  isolatedPool: 'forks' | 'vmThreads' = 'forks',
): TestProjectInlineConfiguration[] {
  const test = project.test ?? {};
  const mocking = mockingFiles(test.root ?? '.', dirs);
  const exclude = test.exclude ?? configDefaults.exclude;
  return [
    { ...project, test: { ...test, isolate: false, exclude: [...exclude, ...mocking] } },
    {
      ...project,
      test: {
        ...test,
        name: `${test.name as string}-isolated`,
        pool: isolatedPool,
        include: mocking.length > 0 ? mocking : ['no-mocking-file'],
        exclude,
      },
    },
  ];
}

export default defineConfig({
  test: {
    // Vitest runs cores − 1 files at once: one on CI's 2 cores. The files are parallel-safe (each has
    // its own database copy, free ports and temp dirs), and two at a time took `npm test` from 849 s
    // to 704 s on that machine.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      ...sharedAndIsolated(serverProject, ['src', 'test']),
      ...sharedAndIsolated(webProject, ['src'], 'vmThreads'),
      // The boundary rules' own tests: each lints a fixture and expects its rule to fire.
      { test: { name: 'eslint', root: 'eslint', include: ['**/*.test.js'], testTimeout: 60_000 } },
    ],
  },
});

import { defineConfig } from 'vitest/config';
import { serverProjects } from './server/vitest.config.ts';

// One runner for every workspace; `npm run test:pg` reruns just the server projects on PostgreSQL.
// Projects with nothing of their own to configure are written here; server and web keep their file
// (server/vitest.config.ts makes two projects of the server's files: `server`, which shares one module
// graph per worker, and `server-isolated` for the files that mock a module; server/vitest.long.config.ts
// holds the long fuzz and reliability tiers, e2e runs on its own).
export default defineConfig({
  test: {
    // Vitest runs cores − 1 files at once: one on CI's 2 cores. The files are parallel-safe (each has
    // its own database copy, free ports and temp dirs), and two at a time took `npm test` from 849 s
    // to 704 s on that machine.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      ...serverProjects,
      'web',
      // The boundary rules' own tests: each lints a fixture and expects its rule to fire.
      { test: { name: 'eslint', root: 'eslint', include: ['**/*.test.js'], testTimeout: 60_000 } },
    ],
  },
});

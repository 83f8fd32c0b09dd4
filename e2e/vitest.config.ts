import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './support/workers.ts';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // E2E_WORKERS spec files at a time, each worker with its own servers (support/workers.ts says why three).
    maxWorkers: E2E_WORKERS,
    // A worker runs its spec files one after the other in one process, which keeps one browser for
    // them all (support/browser.ts) instead of a new process, module graph and browser per file. Files
    // share nothing else: each test opens its own browser context, and the servers are per worker
    // already.
    isolate: false,
  },
});

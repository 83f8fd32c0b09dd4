import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './support/workers.ts';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // Two minutes: the longest journeys without a timeout of their own take 13–21 s on a quiet machine
    // with three workers, and a slow hour runs the tier 2.3× slower (a hung test fails later, no more).
    testTimeout: 120_000,
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

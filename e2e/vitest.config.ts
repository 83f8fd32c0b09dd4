import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two spec files at a time (E2E_WORKERS), each worker with its own servers (support/global-setup.ts):
    // a journey spends much of its time waiting on the page, so two share the 2 cores well.
    maxWorkers: Math.max(1, Number(process.env.E2E_WORKERS ?? 2)),
    // A worker runs its spec files one after the other in one process, which keeps one browser for
    // them all (support/browser.ts) instead of a new process, module graph and browser per file. Files
    // share nothing else: each test opens its own browser context, and the servers are per worker
    // already.
    isolate: false,
  },
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { spawnServer, type RunningServer } from '../../server/test/support/spawn-server.ts';
import { ROOT_DIR } from '../../server/src/config.ts';
import { chromiumPath } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    /** A second server with no demo data, for first-user journeys (the first sign-in becomes superuser). */
    cleanURL: string;
    /** A third empty server used only by the first-user journey, so no other spec signs up first. */
    freshURL: string;
  }
}

/**
 * Starts the built app the way a user does (server.ts on a free port, a throwaway DATA_DIR with demo
 * data) once for the whole e2e run, and stops it afterwards.
 */
export default async function setup(project: TestProject) {
  chromiumPath(); // fail fast, with the install command, before starting anything
  if (!fs.existsSync(path.join(ROOT_DIR, 'web/dist/index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` first (npm run test:e2e does).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-e2e-'));
  const cleanDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-e2e-clean-'));
  const freshDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-e2e-fresh-'));
  const servers: RunningServer[] = [];
  const stop = async () => {
    for (const s of servers) s.proc.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    // PGlite may still be flushing a file as its process ends: retry rather than mask the real error.
    for (const d of [dataDir, cleanDir, freshDir])
      fs.rmSync(d, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  // Started side by side; a loaded machine seeds the demo slowly, hence two minutes each
  // (E2E_SERVER_START_MS gives them longer).
  const startMs = Number(process.env.E2E_SERVER_START_MS ?? 120_000);
  const started = await Promise.allSettled([
    // Status polling every 10 minutes: approvals and bans reach the screens through the realtime
    // socket (realtime.spec.ts proves it is the socket, not the poll).
    spawnServer(
      { DATA_DIR: dataDir, DEMO_DATA: 'true', IDLE_TIMEOUT_MINUTES: '15', STATUS_POLL_SECONDS: '600' },
      startMs,
    ),
    spawnServer({ DATA_DIR: cleanDir, DEMO_DATA: 'false', IDLE_TIMEOUT_MINUTES: '15' }, startMs),
    spawnServer({ DATA_DIR: freshDir, DEMO_DATA: 'false', IDLE_TIMEOUT_MINUTES: '15' }, startMs),
  ]);
  for (const r of started) if (r.status === 'fulfilled') servers.push(r.value);
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) {
    // Stop the servers that did start, then report why the other did not.
    await stop().catch(() => undefined);
    throw failed.reason;
  }
  const [demo, clean, fresh] = servers as [RunningServer, RunningServer, RunningServer];
  project.provide('baseURL', demo.url);
  project.provide('cleanURL', clean.url);
  project.provide('freshURL', fresh.url);
  project.provide('dataDir', dataDir);
  return stop;
}

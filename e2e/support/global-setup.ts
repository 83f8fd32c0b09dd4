import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { SIERRA_LEONE_FIXED_HOLIDAYS } from '@bankmanager/contracts';
import { spawnServer, type RunningServer } from '../../server/test/support/spawn-server.ts';
import { ROOT_DIR } from '../../server/src/config.ts';
import { fillWithMigratedCopy } from '../../server/test/support/migrated-template.ts';
// @ts-expect-error plain .mjs scripts without types
import { buildServerIfStale as buildServer } from '../../scripts/build-server-if-stale.mjs';
import { chromiumLaunchArgs, chromiumPath } from './chromium.ts';
import { E2E_WORKERS } from './workers.ts';

const buildServerIfStale = buildServer as () => Promise<unknown>;

/*
 * Spec files run on E2E_WORKERS workers (workers.ts). Each worker gets its own demo server and its own
 * clean server, so the journeys of one worker (an end-of-day run that moves the business date, a till
 * left open) never meet those of another; within a worker, files run one after the other. One fresh
 * server, for the single first-user journey, is shared, and so is one month-end server for the
 * business-day journey.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo server (demo data, the demo superuser) of each worker, by VITEST_POOL_ID − 1. */
    baseURLs: string[];
    /** A server with no demo data for each worker, for first-user journeys (the first sign-in becomes superuser). */
    cleanURLs: string[];
    /** One empty server used only by the first-user journey, so no other spec signs up first. */
    freshURL: string;
    /**
     * A demo server that opens on this month's last working day, so its first end of day closes a
     * month end: the business-day journey's, whatever today's date. On a demo server of its own, since
     * another journey's end of day on the worker's server would carry the date into the next month.
     */
    monthEndURL: string;
    /** Chromium's flags for every spec's browser (support/chromium.ts), worked out once per run. */
    chromiumArgs: string[];
  }
}

/**
 * Starts the built app the way a user does (`npm start`'s server bundle on a free port, a throwaway
 * DATA_DIR with demo data) once for the whole e2e run, and stops it afterwards.
 */
export default async function setup(project: TestProject) {
  chromiumPath(); // fail fast, with the install command, before starting anything
  if (!fs.existsSync(path.join(ROOT_DIR, 'web/dist/index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` first (npm run test:e2e does).');
  }
  // The bundle, not the TypeScript through tsx: about 3 s less CPU for each of the servers' starts.
  await buildServerIfStale();
  const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `bm-e2e-${name}-`));
  const workers = Array.from({ length: E2E_WORKERS }, () => ({
    demo: tempDir('demo'),
    clean: tempDir('clean'),
  }));
  const freshDir = tempDir('fresh');
  const monthEndDir = tempDir('month-end');
  const dirs = [...workers.flatMap((w) => [w.demo, w.clean]), freshDir, monthEndDir];
  // Each server would otherwise initdb and run every migration on its empty DATA_DIR (about 12 CPU s
  // each, five side by side): one directory is made from the migrated database the server tests copy
  // (built once per migration set), then copied to each. A first start on an empty directory stays
  // tested by the lifecycle test.
  const migrated = tempDir('migrated');
  await fillWithMigratedCopy(migrated);
  for (const d of dirs) fs.cpSync(migrated, d, { recursive: true });
  fs.rmSync(migrated, { recursive: true, force: true });
  const servers: RunningServer[] = [];
  const stop = async () => {
    for (const s of servers) s.proc.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    // PGlite may still be flushing a file as its process ends: retry rather than mask the real error.
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  // Started side by side; a loaded machine seeds the demo slowly, hence two minutes each
  // (E2E_SERVER_START_MS gives them longer).
  const startMs = Number(process.env.E2E_SERVER_START_MS ?? 120_000);
  // The journeys promote fresh staff (the demo user asks, the second superuser approves) and then
  // have those same two check the new staff's requests, which the cooling-off period between promoter
  // and promoted forbids for 30 days; the server tests prove that rule, so the journeys turn it off.
  // Every person of every journey signs in from one address (127.0.0.1), where a bank's staff each
  // have their own: at the default 30 sign-ins a minute per address, a worker's journeys, signing in
  // through the auth API, were refused (429) in a fast hour. The server tests prove the limit.
  const start = (env: Record<string, string>) =>
    spawnServer(
      {
        IDLE_TIMEOUT_MINUTES: '15',
        PROMOTER_COOLING_OFF_DAYS: '0',
        AUTH_IP_RATE_LIMIT_PER_MINUTE: '1000',
        ...env,
      },
      startMs,
      undefined,
      'bundle',
    );
  const started = await Promise.allSettled([
    // Status polling every 10 minutes: approvals and bans reach the screens through the realtime
    // socket (realtime.spec.ts proves it is the socket, not the poll).
    ...workers.map((w) => start({ DATA_DIR: w.demo, DEMO_DATA: 'true', STATUS_POLL_SECONDS: '600' })),
    ...workers.map((w) => start({ DATA_DIR: w.clean, DEMO_DATA: 'false' })),
    start({ DATA_DIR: freshDir, DEMO_DATA: 'false' }),
    start({
      DATA_DIR: monthEndDir,
      DEMO_DATA: 'true',
      STATUS_POLL_SECONDS: '600',
      OPENING_BUSINESS_DATE: lastWorkingDayOfMonth(new Date()),
    }),
  ]);
  for (const r of started) if (r.status === 'fulfilled') servers.push(r.value);
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) {
    // Stop the servers that did start, then report why the other did not.
    await stop().catch(() => undefined);
    throw failed.reason;
  }
  const urls = servers.map((s) => s.url);
  project.provide('baseURLs', urls.slice(0, E2E_WORKERS));
  project.provide('cleanURLs', urls.slice(E2E_WORKERS, 2 * E2E_WORKERS));
  project.provide('freshURL', urls[2 * E2E_WORKERS]!);
  project.provide('monthEndURL', urls[2 * E2E_WORKERS + 1]!);
  project.provide('chromiumArgs', await chromiumLaunchArgs());
  return stop;
}

/**
 * The last day of `today`'s month (UTC, as the servers' calendar) that is neither a weekend nor a fixed
 * public holiday. A movable holiday on that day (entered each year) is no matter: end of day still
 * closes the day, and the next working day is in the next month.
 */
export function lastWorkingDayOfMonth(today: Date): string {
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0));
  const holiday = (d: Date) =>
    SIERRA_LEONE_FIXED_HOLIDAYS.some((h) => h.month === d.getUTCMonth() + 1 && h.day === d.getUTCDate());
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6 || holiday(day)) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

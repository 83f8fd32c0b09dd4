// Bulk statements (Reports → Statement Printing, ADR 0060): about 10,000 statements through the real job
// (POST /api/statement-batches over HTTP as a bank-wide user, the background worker, the ZIP into
// storage, progress polled as the screen polls it) beside a floor in the same run: ONE statement
// rendered to PDF the same number of times in a loop, no database, no ZIP, no storage. Prints
// statements/s and the process's peak RSS for both, and the RSS at each tenth of the job (memory flat:
// the job holds one page of accounts and one statement's PDF, never the batch). The accounts and their
// lines come from the set-based bulk seed (`--customers`, about 1.36 accounts each, postings over the
// past year); the batch prints every account with activity in that year.
//   TEST_DATABASE_URL=postgres://… node --import tsx bench/statements.ts [--customers N] [--database NAME] [--drop]
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import type { StatementBatch } from '@bankmanager/contracts';
import { runMigrations } from '../server/src/db/migrate.ts';
import { queryRows } from '../server/src/db/rows.ts';
import { buildApp, type App } from '../server/src/app.ts';
import { statementPdf } from '../server/src/modules/accounts/index.ts';
import { statementPage } from '../server/src/modules/statement-batches/pages.ts';
import { testConfig } from '../server/test/support/harness.ts';
import { staffUsers } from '../server/test/support/staff-users.ts';
import { adminQuery, benchServerUrl, ensureCustomers, openBenchDatabase } from './support.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '7400' },
    database: { type: 'string', default: 'bm_bench_statements' },
    drop: { type: 'boolean', default: false },
  },
});
const adminUrl = benchServerUrl();
const handle = await openBenchDatabase(adminUrl, values.database);
const db = handle.db;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
let app: App | undefined;

/** Samples RSS every 50 ms until stopped; the peak seen. */
function rssPeak() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}

try {
  await runMigrations(handle);
  await ensureCustomers(handle, values.database, Number(values.customers));
  await db.execute(sql`vacuum analyze accounts, transactions, customers`);
  // The seed's postings span the year before the business date's month: the batch covers it.
  const [p] = await queryRows<{ from: string; to: string; server: string }>(
    db,
    sql`select (max(posted_at)::date - 365)::text as from, max(posted_at)::date::text as to,
               current_setting('server_version') as server from transactions`,
  );
  const period = { from: p!.from, to: p!.to };
  await db.execute(sql`truncate statement_batches`);

  app = await buildApp({ config: testConfig(), db: handle, logger: false });
  await app.ready();
  const staff = await staffUsers(app);
  const headers = {
    authorization: (await staff.make('superuser', 'bench')).auth,
    'content-type': 'application/json',
  };
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;

  // The job, as the screen drives it: start, then poll the batch once a second.
  const jobPeak = rssPeak();
  const t0 = performance.now();
  const res = await fetch(`${staff.baseUrl}/api/statement-batches`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...period, scope: 'activity', format: 'zip' }),
  });
  if (res.status !== 202) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as StatementBatch;
  const tenths: string[] = [];
  let b: StatementBatch;
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    b = (await (
      await fetch(`${staff.baseUrl}/api/statement-batches/${id}`, { headers })
    ).json()) as StatementBatch;
    if (b.total && Math.floor((10 * b.done) / b.total) > tenths.length) {
      tenths.push(`${Math.round((100 * b.done) / b.total)}%: ${mb(process.memoryUsage().rss)}`);
      console.log(
        `  ${b.done} of ${b.total} after ${((performance.now() - t0) / 1000).toFixed(0)} s, RSS ${mb(process.memoryUsage().rss)}`,
      );
    }
    if (b.status === 'done' || b.status === 'failed') break;
  }
  const jobMs = performance.now() - t0;
  const jobRss = jobPeak.stop();
  if (b.status !== 'done') throw new Error(`the batch failed: ${b.error}`);

  // Check what was stored: one PDF per account with activity.
  const file = await fetch(`${staff.baseUrl}/api/statement-batches/${id}/file`, { headers });
  const entries = Object.keys(unzipSync(new Uint8Array(await file.arrayBuffer())));
  const [facts] = await queryRows<{ accounts: string; lines: string }>(
    db,
    sql`select (select count(*) from accounts)::text as accounts,
               (select count(*) from transactions where posted_at >= ${period.from}::date and posted_at < ${period.to}::date + 1)::text as lines`,
  );
  const n = b.done.toLocaleString('en-US');
  const rate = (count: number, ms: number) => `${((count * 1000) / ms).toFixed(0)} statements/s`;
  console.log(
    `PostgreSQL ${p!.server} · ${new Date().toISOString()} · Node ${process.version} · ${cpus().length} cores, ` +
      `load average ${loadavg()[0]!.toFixed(1)} (the machine is shared)`,
  );
  console.log(
    `${Number(facts!.accounts).toLocaleString('en-US')} accounts; period ${period.from} to ${period.to} ` +
      `(${Number(facts!.lines).toLocaleString('en-US')} lines in it); every account with activity: ${n} statements`,
  );
  console.log(`RSS before the job: ${mb(rssBefore)}`);
  console.log(
    `job   (HTTP, worker, ZIP into storage): ${n} in ${(jobMs / 1000).toFixed(1)} s = ${rate(b.done, jobMs)}, ` +
      `peak RSS ${mb(jobRss)}, file ${mb(b.size ?? 0)}, ${entries.length.toLocaleString('en-US')} PDFs in the ZIP`,
  );
  console.log(`      RSS at each tenth: ${tenths.join(' · ')}`);
  // The floor: one statement (the first of the batch), rendered as many times, bytes discarded.
  const [one] = await statementPage(db, { ...period, scope: 'activity', branch: null }, null, 1);
  global.gc?.();
  const floorPeak = rssPeak();
  const t1 = performance.now();
  let floorBytes = 0;
  for (let i = 0; i < b.done; i++) {
    const sink = new Writable({
      write(chunk: Buffer, _e, cb) {
        floorBytes += chunk.length;
        cb();
      },
    });
    statementPdf(one!).pipe(sink);
    await once(sink, 'finish');
  }
  const floorMs = performance.now() - t1;
  const floorRss = floorPeak.stop();

  console.log(
    `floor (one statement rendered ${n} times): ${(floorMs / 1000).toFixed(1)} s = ${rate(b.done, floorMs)}, ` +
      `peak RSS ${mb(floorRss)}, ${mb(floorBytes)} of PDF`,
  );
  console.log(
    `${jobMs < 300_000 && entries.length === b.done ? 'PASS' : 'FAIL'}  ${n} statements in under 5 minutes — ` +
      `${(jobMs / 1000).toFixed(0)} s (job / floor: ${(jobMs / floorMs).toFixed(2)}×)`,
  );
} finally {
  await app?.close();
  await handle.close();
  if (values.drop) await adminQuery(adminUrl, `drop database if exists ${values.database} with (force)`);
}

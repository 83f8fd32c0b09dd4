// The executive dashboard at N customers (default 10,000 here; the target is 1,000,000): GET
// /api/reports/executive-dashboard through the real app (HTTP, a superuser's token: bank-wide) beside
// a bare SQL floor (the newest aggregate summed per branch and currency, the least any dashboard must
// read) and the naive live sum over every account. Runs are interleaved (API, floor, API, floor…) so
// both see the same moments of the machine. Before timing: one end-of-day aggregate for today, 11
// month ends backfilled (a full trend), then `--deltas` postings made after it (the day's deltas).
//   TEST_DATABASE_URL=postgres://… node --import tsx bench/dashboard.ts [--customers N] [--runs R] [--deltas D] [--database NAME] [--drop]
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { runMigrations } from '../server/src/db/migrate.ts';
import { queryRows } from '../server/src/db/rows.ts';
import { buildApp, type App } from '../server/src/app.ts';
import { postEntry } from '../server/src/modules/ledger/index.ts';
import { aggregateDay } from '../server/src/modules/reporting/index.ts';
import { testConfig } from '../server/test/support/harness.ts';
import { staffUsers } from '../server/test/support/staff-users.ts';
import {
  adminQuery,
  benchServerUrl,
  ensureCustomers,
  openBenchDatabase,
  time,
  timeSideBySide,
} from './support.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '30' },
    deltas: { type: 'string', default: '500' },
    database: { type: 'string', default: 'bm_bench_dashboard' },
    drop: { type: 'boolean', default: false },
  },
});
const adminUrl = benchServerUrl();
const runs = Number(values.runs);
const handle = await openBenchDatabase(adminUrl, values.database);
const db = handle.db;
let app: App | undefined;
try {
  await runMigrations(handle);
  await ensureCustomers(handle, values.database, Number(values.customers));
  const [{ today } = { today: '' }] = await queryRows<{ today: string }>(
    db,
    sql`select current_business_date()::text as today`,
  );
  // A fresh start each run: the aggregates of a previous run would hide the backfill's cost.
  await db.execute(sql`truncate report_days, report_daily_positions, report_daily_cash`);
  const t0 = performance.now();
  await db.transaction((tx) => aggregateDay(tx, today, 'eod'));
  const keepMs = performance.now() - t0;
  const monthEnds = Array.from({ length: 11 }, (_, i) => {
    const d = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - i, 0));
    return d.toISOString().slice(0, 10);
  });
  const started = performance.now();
  for (const d of monthEnds) await db.transaction((tx) => aggregateDay(tx, d, 'backfill'));
  const backfillMs = (performance.now() - started) / monthEnds.length;

  // The day's deltas: cash deposits after the aggregate, spread over the first accounts.
  const targets = await queryRows<{ id: string; branch: string; currency: 'SLE' | 'USD' }>(
    db,
    sql`select id::text, branch_code as branch, currency from accounts where account_type <> 'Loan' and status = 'Active'
         order by id limit ${Number(values.deltas)}`,
  );
  for (const a of targets)
    await postEntry(db, {
      source: 'seed',
      narration: 'Cash deposit',
      lines: [
        { accountId: Number(a.id), side: 'credit', amount: '10.00' },
        { glCode: `1020-${a.branch}`, currency: a.currency, side: 'debit', amount: '10.00' },
      ],
      audit: { action: 'bench.deposit', targetType: 'account', targetId: a.id },
    });
  await db.execute(
    sql`vacuum analyze accounts, transactions, gl_lines, journal_entries, report_daily_positions, report_days`,
  );

  app = await buildApp({ config: testConfig(), db: handle, logger: false });
  await app.ready();
  const staff = await staffUsers(app);
  const headers = { authorization: (await staff.make('superuser', 'bench')).auth };
  const [facts] = await queryRows<{ accounts: string; postings: string; rows: string; server: string }>(
    db,
    sql`select (select count(*) from accounts)::text as accounts, (select count(*) from transactions)::text as postings,
               (select count(*) from report_daily_positions)::text as rows, current_setting('server_version') as server`,
  );
  console.log(`PostgreSQL ${facts!.server} · ${new Date().toISOString()} · business date ${today}`);
  console.log(
    `${Number(values.customers).toLocaleString('en-US')} customers, ${Number(facts!.accounts).toLocaleString('en-US')} accounts, ` +
      `${Number(facts!.postings).toLocaleString('en-US')} customer postings, ${facts!.rows} aggregate rows (12 days), ${targets.length} postings since the aggregate`,
  );
  console.log(
    `End-of-day aggregate of one day: ${keepMs.toFixed(0)} ms; backfill of a past day: ${backfillMs.toFixed(0)} ms`,
  );
  const api = async () => {
    const res = await fetch(`${staff.baseUrl}/api/reports/executive-dashboard`, { headers });
    if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
    await res.json();
  };
  const floor = () =>
    db.execute(sql`select branch_code, currency, sum(balance) from report_daily_positions
                    where business_date = (select max(business_date) from report_days where through_entry_id is not null)
                    group by 1, 2`);
  const [a, f] = await timeSideBySide(runs, api, floor);
  const naive = await time(Math.max(3, Math.ceil(runs / 3)), () =>
    db.execute(
      sql`select branch_code, currency, account_type = 'Loan', sum(balance) from accounts group by 1, 2, 3`,
    ),
  );
  const n = (x: number) => x.toFixed(1).padStart(9);
  console.log(
    `${''.padEnd(40)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'max'.padStart(9)}  (ms, ${runs} runs)`,
  );
  console.log(`${'GET /api/reports/executive-dashboard'.padEnd(40)}${n(a.p50)}${n(a.p95)}${n(a.max)}`);
  console.log(`${'SQL floor: newest aggregate summed'.padEnd(40)}${n(f.p50)}${n(f.p95)}${n(f.max)}`);
  console.log(`${'naive: every account summed now'.padEnd(40)}${n(naive.p50)}${n(naive.p95)}${n(naive.max)}`);
  console.log(
    `${a.p95 < 300 ? 'PASS' : 'FAIL'}  dashboard p95 < 300 ms at this size — ${a.p95.toFixed(0)} ms (the target is at 1,000,000 customers)`,
  );
} finally {
  await app?.close();
  await handle.close();
  if (values.drop) await adminQuery(adminUrl, `drop database if exists ${values.database} with (force)`);
}

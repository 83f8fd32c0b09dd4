// The trial balance at N customers (default 1,000,000, ≈ 7 M postings): GET /api/gl/trial-balance for
// today, yesterday and 30 days ago through the real app (HTTP, activated token), next to
// buildTrialBalance() called directly and to the naive query (every line ever posted summed per GL
// account and currency). Prints p50/p95/max and PASS/FAIL for p95 < 1 s today.
//   TEST_DATABASE_URL=postgres://… node --import tsx bench/gl-trial-balance.ts [--customers N] [--runs R] [--database NAME] [--drop]
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { runMigrations } from '../server/src/db/migrate.ts';
import { queryRows } from '../server/src/db/rows.ts';
import { buildApp, type App } from '../server/src/app.ts';
import { testConfig } from '../server/test/support/harness.ts';
import { staffUsers } from '../server/test/support/staff-users.ts';
import { buildTrialBalance } from '../server/src/modules/gl-reports/trial-balance.ts';
import {
  adminQuery,
  benchServerUrl,
  ensureCustomers,
  openBenchDatabase,
  time,
  type Timing,
} from './support.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '20' },
    database: { type: 'string', default: 'bm_bench_users' },
    drop: { type: 'boolean', default: false },
  },
});
const adminUrl = benchServerUrl();
const runs = Number(values.runs);
const handle = await openBenchDatabase(adminUrl, values.database);
const db = handle.db;
let app: App | undefined;
let failed = false;
try {
  await runMigrations(handle);
  await ensureCustomers(handle, values.database, Number(values.customers));
  await db.execute(sql`vacuum analyze accounts, transactions, gl_lines, journal_entries`);
  app = await buildApp({ config: testConfig(), db: handle, logger: false });
  await app.ready();
  const staff = await staffUsers(app);
  const headers = { authorization: (await staff.make('activated', 'bench')).auth };
  const [facts] = await queryRows<{ today: string; postings: string; gl_lines: string; server: string }>(
    db,
    sql`select current_business_date()::text as today,
               (select count(*) from transactions)::text as postings,
               (select count(*) from gl_lines)::text as gl_lines,
               current_setting('server_version') as server`,
  );
  const today = facts!.today;
  const daysAgo = (n: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  console.log(`PostgreSQL ${facts!.server} · ${new Date().toISOString()}`);
  console.log(
    `${Number(values.customers).toLocaleString('en-US')} customers, ${Number(facts!.postings).toLocaleString('en-US')} customer postings, ${Number(facts!.gl_lines).toLocaleString('en-US')} GL lines; business date ${today} (ms)`,
  );
  const f = (x: number) => x.toFixed(1).padStart(9);
  console.log(
    `  ${'as of'.padEnd(26)}${'API p50'.padStart(9)}${'p95'.padStart(9)}${'max'.padStart(9)}  ${'SQL p50'.padStart(9)}${'p95'.padStart(9)}`,
  );
  const results: Record<string, Timing> = {};
  for (const [label, date] of [
    ['today', today],
    ['yesterday', daysAgo(1)],
    ['30 days ago', daysAgo(30)],
  ] as const) {
    const api = await time(runs, async () => {
      const res = await fetch(`${staff.baseUrl}/api/gl/trial-balance?date=${date}`, { headers });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      const body = (await res.json()) as { balanced: boolean };
      if (!body.balanced) throw new Error(`trial balance for ${date} does not balance`);
    });
    const raw = await time(runs, () => buildTrialBalance(db, date));
    results[label] = api;
    console.log(
      `  ${`${label} (${date})`.padEnd(26)}${f(api.p50)}${f(api.p95)}${f(api.max)}  ${f(raw.p50)}${f(raw.p95)}`,
    );
  }
  const naive = await time(Math.max(3, Math.ceil(runs / 4)), () =>
    db.execute(sql`select code, currency, sum(net) from (
        select a.ledger_code as code, a.currency, sum(case t.direction when 'credit' then -t.amount else t.amount end) as net
        from transactions t join accounts a on a.id = t.account_id group by 1, 2
        union all
        select gl_code, currency, sum(case side when 'debit' then amount else -amount end) from gl_lines group by 1, 2) x
        group by 1, 2`),
  );
  console.log(`  ${'naive: sum every line'.padEnd(26)}${''.padStart(27)}  ${f(naive.p50)}${f(naive.p95)}`);
  const ok = results.today!.p95 < 1000;
  failed = !ok;
  console.log('Targets:');
  console.log(
    `  ${ok ? 'PASS' : 'FAIL'}  trial balance for today p95 < 1000 ms — ${results.today!.p95.toFixed(0)} ms`,
  );
  console.log(
    '  (a past date costs today plus the postings made after it; daily snapshots from end of day make it one read)',
  );
} finally {
  await app?.close();
  await handle.close();
  if (values.drop) await adminQuery(adminUrl, `drop database if exists ${values.database} with (force)`);
}
process.exitCode = failed ? 1 : 0;

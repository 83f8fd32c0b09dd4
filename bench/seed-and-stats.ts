// Seeds N customers (default 1,000,000, 5 postings per account) into a fresh PostgreSQL database and
// prints the seeding time, then the dashboard stats latency next to the naive aggregate it replaces.
//   TEST_DATABASE_URL=postgres://… node --import tsx bench/seed-and-stats.ts [--customers N] [--transactions-per-account T] [--keep]
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client.ts';
import { runMigrations } from '../server/src/db/migrate.ts';
import { queryRows } from '../server/src/db/rows.ts';
import { seedBankingInParallel } from '../server/src/db/seed/banking/parallel.ts';
import { getDashboardStats } from '../server/src/modules/dashboard/service.ts';
import { benchServerUrl } from './support.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '1000000' },
    'transactions-per-account': { type: 'string', default: '5' },
    seed: { type: 'string', default: '232' },
    keep: { type: 'boolean', default: false },
  },
});
const adminUrl = benchServerUrl();

async function admin(query: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(query);
  await c.end();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)]!;
}

async function time(n: number, fn: () => Promise<unknown>): Promise<{ p50: number; p95: number; n: number }> {
  for (let i = 0; i < Math.min(3, n); i++) await fn(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), n };
}

const name = `bm_bench_${randomBytes(4).toString('hex')}`;
await admin(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const handle = await openDatabase({
  databaseUrl: url.toString(),
  dataDir: 'memory://',
  poolMax: 4,
  queryTimeoutMs: 0,
});
try {
  await runMigrations(handle);
  const opts = {
    customers: Number(values.customers),
    transactionsPerAccount: Number(values['transactions-per-account']),
    seed: Number(values.seed),
  };
  const started = performance.now();
  const seeded = await seedBankingInParallel(handle, opts);
  const seedSeconds = (performance.now() - started) / 1000;
  const [server] = await queryRows<{ v: string }>(
    handle.db,
    sql`select current_setting('server_version') as v`,
  );

  const stats = await time(200, () => getDashboardStats(handle.db));
  // What the stats would cost without the trigger-maintained totals: aggregates over the tables.
  const naive = await time(10, () =>
    handle.db.execute(sql`select
      (select count(*) from customers where status <> 'Closed'),
      (select count(*) from accounts where account_type = 'Loan' and status = 'Active' and balance < 0),
      (select sum(greatest(balance, 0)) from accounts where account_type <> 'Loan' and status <> 'Closed' group by currency order by currency limit 1),
      (select count(*) filter (where kyc_complete) from customers where status = 'Active')`),
  );
  const f = (x: number) => x.toFixed(2).padStart(9);
  console.log(`PostgreSQL ${server?.v ?? '?'} · ${new Date().toISOString()}`);
  console.log(
    `Seeded ${seeded.customers.toLocaleString('en-US')} customers, ${seeded.accounts.toLocaleString('en-US')} accounts, ` +
      `${seeded.transactions.toLocaleString('en-US')} transactions in ${seedSeconds.toFixed(1)} s (limit 180 s)`,
  );
  console.log(`Seed phases (ms): ${JSON.stringify(seeded.timings)}`);
  console.log(`Dashboard stats at ${seeded.customers.toLocaleString('en-US')} customers (ms):`);
  console.log(`  query                               runs      p50      p95`);
  console.log(
    `  getDashboardStats (running totals)  ${String(stats.n).padStart(4)}${f(stats.p50)}${f(stats.p95)}   target p95 < 50`,
  );
  console.log(
    `  naive aggregates over the tables    ${String(naive.n).padStart(4)}${f(naive.p50)}${f(naive.p95)}`,
  );
  console.log(`  ratio naive / running totals (p50)      ${(naive.p50 / stats.p50).toFixed(0).padStart(9)}×`);
  console.log(JSON.stringify(await getDashboardStats(handle.db)));
} finally {
  await handle.close();
  if (values.keep) console.log(`Kept database ${url.toString()}`);
  else await admin(`drop database if exists ${name} with (force)`);
}

// Accounts at 1,000,000 customers (≈1.4 million accounts): GET /api/accounts searches over
// real HTTP (Branch Manager token with all branches), each printed next to the same query run directly
// (listAccounts, the SQL the route runs) and a bare-SQL floor (one indexed select of the page, no
// count, no joins), then POST /api/accounts p95 (the opening and its request; approval excluded).
//   TEST_DATABASE_URL=postgres://… npm run bench:accounts [-- --customers N] [--runs R] [--database NAME] [--drop]
// The database (default bm_bench_customers, shared with bench:customers) is seeded only when it lacks the customers.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { accountListQuerySchema } from '@bankmanager/contracts';
import { runMigrations } from '../server/src/db/migrate.ts';
import { queryRows } from '../server/src/db/rows.ts';
import { buildApp, type App } from '../server/src/app.ts';
import { testConfig } from '../server/test/support/harness.ts';
import { staffUsers } from '../server/test/support/staff-users.ts';
import { setRoles } from '../server/test/support/roles.ts';
import { listAccounts } from '../server/src/modules/deposit-accounts/list.ts';
import { pageWindow } from '../server/src/lib/paging.ts';
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
    customers: { type: 'string', default: process.env.CUSTOMERS ?? '1000000' },
    runs: { type: 'string', default: '20' },
    database: { type: 'string', default: 'bm_bench_customers' },
    drop: { type: 'boolean', default: false },
  },
});
const adminUrl = benchServerUrl();
const customers = Number(values.customers);
const runs = Number(values.runs);
const handle = await openBenchDatabase(adminUrl, values.database);
let app: App | undefined;
let failed = false;
const f = (ms: number) => ms.toFixed(1).padStart(8);
const line = (label: string, total: string, api: Timing, raw: Timing, floor: Timing) =>
  console.log(
    `  ${label.padEnd(40)}${total.padStart(9)}  ${f(api.p50)}${f(api.p95)}  ${f(raw.p50)}${f(raw.p95)}  ${f(floor.p50)}${f(floor.p95)}`,
  );
try {
  await runMigrations(handle);
  app = await buildApp({ config: testConfig(), db: handle, logger: false });
  await ensureCustomers(handle, values.database, customers);
  await handle.db.execute(sql`vacuum analyze customers, accounts, account_holds`);
  await app.ready();
  const staff = await staffUsers(app);
  const manager = await staff.make('activated', 'bench');
  await setRoles(app, manager.userId, ['branch_manager', 'officer'], '001');
  const [s] = await queryRows<{ n: string; cust: number; product: string }>(
    handle.db,
    sql`select account_number as n, cust_id as cust, product_code as product from accounts
        order by id offset ${Math.floor(customers / 3)} limit 1`,
  );
  const searches: [string, string, ReturnType<typeof sql>][] = [
    [
      'none (first page by number)',
      '',
      sql`select account_number from accounts order by account_number limit 25`,
    ],
    [
      `number prefix "${s!.n.slice(0, 9)}"`,
      `q=${s!.n.slice(0, 9)}`,
      sql`select account_number from accounts where account_number >= ${s!.n.slice(0, 9)} and account_number < ${`${s!.n.slice(0, 9)}:`} order by account_number limit 25`,
    ],
    [`full number`, `q=${s!.n}`, sql`select account_number from accounts where account_number = ${s!.n}`],
    [
      'name "kamara"',
      'q=kamara',
      sql`select account_number from account_search where name ilike '%kamara%' order by account_number limit 25`,
    ],
    [
      // The savings manager's screen searching a surname (account_search alone).
      'name "kamara", Savings Active, by name',
      'q=kamara&type=Savings&status=Active&sort=name',
      sql`select account_number from account_search where name ilike '%kamara%' and account_type = 'Savings' and status = 'Active' order by name, account_number limit 25`,
    ],
    [
      // Sorted on the balance, which account_search lacks (floor: its band alone, no balance read).
      'name "kamara", by balance desc',
      'q=kamara&sort=balance&order=desc',
      sql`select account_number from account_search where name ilike '%kamara%' order by balance_band desc, account_number desc limit 25`,
    ],
    [
      `customer ${s!.cust}`,
      `custId=${s!.cust}`,
      sql`select account_number from accounts where cust_id = ${s!.cust} order by account_number`,
    ],
    [
      'Savings Active, branch 001',
      'type=Savings&status=Active&branch=001',
      sql`select account_number from accounts where branch_code = '001' and account_type = 'Savings' and status = 'Active' order by account_number limit 25`,
    ],
    [
      `product ${s!.product}, by balance desc`,
      `product=${s!.product}&sort=balance&order=desc`,
      sql`select account_number from accounts where product_code = ${s!.product} order by balance_band desc, balance desc, account_number desc limit 25`,
    ],
    [
      // The savings manager's screen sorted by balance: the type's 430,000 accounts, lowest first.
      'Savings by balance asc',
      'type=Savings&sort=balance&order=asc',
      sql`select account_number from accounts where account_type = 'Savings' order by balance_band, balance, account_number limit 25`,
    ],
    [
      'Current by balance desc, page 100',
      'type=Current&sort=balance&order=desc&page=100',
      sql`select account_number from accounts where account_type = 'Current' order by balance_band desc, balance desc, account_number desc limit 25 offset 2475`,
    ],
    [
      'Closed Current accounts',
      'type=Current&status=Closed',
      sql`select account_number from accounts where account_type = 'Current' and status = 'Closed' order by account_number limit 25`,
    ],
    [
      'overdrawn',
      'overdrawn=true',
      sql`select account_number from accounts where overdrawn_since is not null order by account_number limit 25`,
    ],
  ];
  console.log(
    `\nGET /api/accounts at ${customers.toLocaleString('en-US')} customers, ${runs} runs each (ms)`,
  );
  console.log(
    `  ${'search'.padEnd(40)}${'total'.padStart(9)}  ${'API p50'.padStart(8)}${'p95'.padStart(8)}  ${'SQL p50'.padStart(8)}${'p95'.padStart(8)}  ${'floor50'.padStart(8)}${'p95'.padStart(8)}`,
  );
  let worst = 0;
  for (const [label, qs, floorSql] of searches) {
    const query = accountListQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
    let total = '';
    const api = await time(runs, async () => {
      const res = await fetch(`${staff.baseUrl}/api/accounts?${qs}`, {
        headers: { authorization: manager.auth },
      });
      total = res.headers.get('x-total-count') ?? '?';
      await res.arrayBuffer();
    });
    const raw = await time(runs, () => listAccounts(handle.db, query, query.branch, pageWindow(query, 25)));
    const floor = await time(runs, () => handle.db.execute(floorSql));
    line(label, total, api, raw, floor);
    worst = Math.max(worst, api.p95);
  }
  const active = await queryRows<{ cust_id: number }>(
    handle.db,
    sql`select cust_id from customers where status = 'Active' and type = 'private' and branch_code = '001' limit ${runs * 3}`,
  );
  let k = 0;
  const opening = await time(runs * 3, async () => {
    const res = await fetch(`${staff.baseUrl}/api/accounts`, {
      method: 'POST',
      headers: { authorization: manager.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ custId: active[k++ % active.length]!.cust_id, productCode: 'SAV-SLE' }),
    });
    if (res.status !== 202) throw new Error(`opening answered ${res.status}: ${await res.text()}`);
  });
  console.log(`\nPOST /api/accounts (Submitted account + its approval request), ${runs * 3} openings`);
  console.log(`  p50 ${opening.p50.toFixed(1)} ms, p95 ${opening.p95.toFixed(1)} ms`);
  const verdict = (ok: boolean) => (ok ? 'PASS' : ((failed = true), 'FAIL'));
  console.log('\nTargets:');
  console.log(`  ${verdict(worst < 100)}  search p95 < 100 ms — worst ${worst.toFixed(1)} ms`);
  console.log(`  ${verdict(opening.p95 < 50)}  opening p95 < 50 ms — ${opening.p95.toFixed(1)} ms`);
} finally {
  await app?.close();
  await handle.close();
  if (values.drop) await adminQuery(adminUrl, `drop database if exists ${values.database} with (force)`);
}
process.exit(failed ? 1 : 0);

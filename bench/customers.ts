// Customers at 1,000,000 customers: GET /api/customers searches by each field and
// GET /api/customers/:id/360, over real HTTP (activated Compliance token, all branches), each printed
// next to the same query run directly (listCustomers / customer360, the SQL the route runs), in one run.
//   TEST_DATABASE_URL=postgres://… npm run bench:customers [-- --customers N] [--runs R] [--database NAME] [--drop]
// The database (default bm_bench_customers) is kept and seeded only when it lacks the customers.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { customerListQuerySchema } from '@bankmanager/contracts';
import { runMigrations } from '../server/src/db/migrate.ts';
import { queryRows } from '../server/src/db/rows.ts';
import { buildApp, type App } from '../server/src/app.ts';
import { testConfig } from '../server/test/support/harness.ts';
import { staffUsers } from '../server/test/support/staff-users.ts';
import { setRoles } from '../server/test/support/roles.ts';
import { listCustomers } from '../server/src/modules/customers/list.ts';
import { getCustomer } from '../server/src/modules/customers/customer-row.ts';
import { customer360 } from '../server/src/modules/customers/view.ts';
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
const line = (label: string, total: string, api: Timing, raw: Timing) =>
  console.log(
    `  ${label.padEnd(34)}${total.padStart(9)}  ${f(api.p50)}${f(api.p95)}${f(api.max)}  ${f(raw.p50)}${f(raw.p95)}${f(raw.max)}`,
  );
try {
  await runMigrations(handle);
  app = await buildApp({ config: testConfig(), db: handle, logger: false });
  await ensureCustomers(handle, values.database, customers);
  await handle.db.execute(sql`vacuum analyze customers, customer_relations, customer_documents, accounts`);
  await app.ready();
  const staff = await staffUsers(app);
  const officer = await staff.make('activated', 'bench');
  await setRoles(app, officer.userId, ['compliance'], '001');
  // Real values to look for, taken from the seeded data itself.
  const [s] = await queryRows<{ nin: string; reg: string; mobile: string; id: number; surname: string }>(
    handle.db,
    sql`select (select id_number from customers where id_type = 'national_id' and id_number is not null order by cust_id offset ${Math.floor(customers / 7)} limit 1) as nin,
               (select id_number from customers where id_type = 'business_registration' and id_number is not null order by cust_id offset ${Math.floor(customers / 70)} limit 1) as reg,
               (select mobile_no from customers order by cust_id offset ${Math.floor(customers / 3)} limit 1) as mobile,
               (select cust_id from customers order by cust_id offset ${Math.floor(customers / 5)} limit 1) as id,
               'Thoronka' as surname`,
  );
  const searches: [string, string][] = [
    ['none (first page by name)', ''],
    ['name "kamara"', 'q=kamara'],
    [`name "${s!.surname}" + type + status`, `q=${s!.surname}&type=private&status=Active`],
    [`zero-padded id "${String(s!.id).padStart(6, '0')}"`, `q=${String(s!.id).padStart(6, '0')}`],
    [`NIN "${s!.nin}"`, `q=${s!.nin}`],
    [`registration "${s!.reg}"`, `q=${encodeURIComponent(s!.reg)}`],
    [`mobile "${s!.mobile.slice(4)}"`, `q=${s!.mobile.slice(4)}`],
    ['risk=high, sorted by created desc', 'risk=high&sort=created&dir=desc'],
  ];
  console.log(
    `\nGET /api/customers at ${customers.toLocaleString('en-US')} customers, ${runs} runs each (ms)`,
  );
  console.log(
    `  ${'search'.padEnd(34)}${'total'.padStart(9)}  ${'API p50'.padStart(8)}${'p95'.padStart(8)}${'max'.padStart(8)}  ${'SQL p50'.padStart(8)}${'p95'.padStart(8)}${'max'.padStart(8)}`,
  );
  const worst = { search: 0, view: 0 };
  for (const [label, qs] of searches) {
    const query = customerListQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
    let total = '';
    const api = await time(runs, async () => {
      const res = await fetch(`${staff.baseUrl}/api/customers?${qs}`, {
        headers: { authorization: officer.auth },
      });
      total = res.headers.get('x-total-count') ?? '?';
      await res.arrayBuffer();
    });
    const raw = await time(runs, () => listCustomers(handle.db, query, undefined, { offset: 0, limit: 25 }));
    line(label, total, api, raw);
    worst.search = Math.max(worst.search, api.p95);
  }
  const ids = await queryRows<{ id: number }>(
    handle.db,
    sql`select cust_id as id from customers where cust_id % ${Math.max(1, Math.floor(customers / 50))} = 7 limit 50`,
  );
  let k = 0;
  const nextId = () => Number(ids[k++ % ids.length]!.id);
  const api360 = await time(runs * 3, async () => {
    const res = await fetch(`${staff.baseUrl}/api/customers/${nextId()}/360`, {
      headers: { authorization: officer.auth },
    });
    await res.arrayBuffer();
  });
  const raw360 = await time(runs * 3, async () =>
    customer360(handle.db, await getCustomer(handle.db, nextId()), '2026-10-31'),
  );
  console.log(`\nGET /api/customers/:id/360 (${ids.length} customers in turn)`);
  line('360 view', '', api360, raw360);
  worst.view = api360.p95;
  const verdict = (ok: boolean) => (ok ? 'PASS' : ((failed = true), 'FAIL'));
  console.log('\nTargets:');
  console.log(`  ${verdict(worst.search < 100)}  search p95 < 100 ms — worst ${worst.search.toFixed(1)} ms`);
  console.log(`  ${verdict(worst.view < 50)}  360 p95 < 50 ms — ${worst.view.toFixed(1)} ms`);
} finally {
  await app?.close();
  await handle.close();
  if (values.drop) await adminQuery(adminUrl, `drop database if exists ${values.database} with (force)`);
}
process.exit(failed ? 1 : 0);

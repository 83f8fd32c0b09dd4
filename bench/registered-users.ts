// Registered Mobile Banking Users at 1,000,000 customers: GET /api/registered-users through the real
// app (HTTP, activated user token) next to the same repository call run directly, for search terms of
// 1, 2, 3, 6 and 8 characters, digits and none; every sort in both directions; the first, a middle and
// the last page. Prints p50/p95 of each and their ratio, then PASS/FAIL per target (ADR 0030, ADR 0033).
//   TEST_DATABASE_URL=postgres://… node --import tsx bench/registered-users.ts [--customers N] [--runs R] [--database NAME] [--drop]
// The database (default bm_bench_users) is kept, and seeded only when it lacks the customers, so a
// rerun costs only the measurements.
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { sql, type SQL } from 'drizzle-orm';
import type { RegisteredUser, RegisteredUserSort } from '@bankmanager/contracts';
import { runMigrations } from '../server/src/db/migrate.ts';
import { queryRows } from '../server/src/db/rows.ts';
import { buildApp, type App } from '../server/src/app.ts';
import { testConfig } from '../server/test/support/harness.ts';
import { staffUsers } from '../server/test/support/staff-users.ts';
import { pageRegisteredUsers, type ListParams } from '../server/src/modules/mobile-banking/repository.ts';
import { containsPattern } from '../server/src/lib/search-pattern.ts';
import {
  adminQuery,
  benchServerUrl,
  ensureCustomers,
  openBenchDatabase,
  timeSideBySide,
  type Timing,
} from './support.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '11' },
    database: { type: 'string', default: 'bm_bench_users' },
    drop: { type: 'boolean', default: false },
  },
});
const adminUrl = benchServerUrl();
const customers = Number(values.customers);
const runs = Number(values.runs);
// undici's request, not fetch: fetch spent 0.45 ms of CPU per request of its own (bench:ledger), which
// the API/SQL ratio then charged to the server.
const agent = new Agent({ connections: 4 });
const dbName = values.database;

const handle = await openBenchDatabase(adminUrl, dbName);
let app: App | undefined;
let failed = false;
try {
  await runMigrations(handle);
  app = await buildApp({ config: testConfig(), db: handle, logger: false });
  await ensureCustomers(handle, dbName, customers);
  await app.ready();
  const staff = await staffUsers(app);
  const officer = await staff.make('activated', 'bench');
  const [server] = await queryRows<{ v: string }>(
    handle.db,
    sql`select current_setting('server_version') as v`,
  );

  // Targets (ADR 0030, ADR 0033): p95 < 60 ms for unfiltered pages and terms of 3+ characters, < 150 ms for
  // 1–2 characters (term counts + a filtered index walk, ADR 0030).
  const terms: { label: string; q?: string; short: boolean }[] = [
    { label: 'none', short: false },
    { label: '1 char "a"', q: 'a', short: true },
    { label: '1 digit "7"', q: '7', short: true },
    { label: '2 chars "ka"', q: 'ka', short: true },
    { label: '2 chars rare "qu"', q: 'qu', short: true },
    { label: '3 chars "kam"', q: 'kam', short: false },
    { label: '6 chars "kamara"', q: 'kamara', short: false },
    { label: '8 chars "thoronka"', q: 'thoronka', short: false },
    { label: 'digits "7826"', q: '7826', short: false },
  ];
  const sorts: RegisteredUserSort[] = ['id', 'name', 'mobile', 'balance'];
  const pageSize = 10;

  // The query this module used before registered_user_keys: the joined record filtered by
  // IN (… UNION …) of trigram matches. Used only to show the results are the same (first pages).
  const OLD_SORT: Record<RegisteredUserSort, string> = {
    id: 'c.cust_id',
    name: 'c.name',
    mobile: 's.mobile_no',
    balance: 'a.balance',
  };
  const oldWhere = (q?: string): SQL => {
    if (!q) return sql``;
    const p = containsPattern(q);
    return sql`where s.cust_id in (select cust_id from customers where name ilike ${p} or lpad(cust_id::text, 6, '0') ilike ${p}
                                   union select cust_id from mobile_banking_subscriptions where mobile_no ilike ${p})`;
  };
  const oldFirstPage = (q: string | undefined, sort: RegisteredUserSort, order: 'asc' | 'desc') => {
    const dir = sql.raw(order);
    return queryRows<{ cust_id: number }>(
      handle.db,
      sql`select c.cust_id from mobile_banking_subscriptions s join customers c on c.cust_id = s.cust_id
          join accounts a on a.id = s.pay_account_id ${oldWhere(q)}
          order by ${sql.raw(OLD_SORT[sort])} ${dir}, c.cust_id ${dir} limit ${pageSize}`,
    );
  };

  interface Row {
    term: string;
    short: boolean;
    sort: string;
    page: string;
    api: Timing;
    sql: Timing;
    same: boolean;
  }
  const results: Row[] = [];
  let oldMismatches = 0;
  const f = (x: number) => x.toFixed(1).padStart(8);
  console.log(
    `PostgreSQL ${server?.v ?? '?'} · ${new Date().toISOString()} · ${runs} runs per case after a warm-up`,
  );
  console.log(
    `GET /api/registered-users (HTTP, activated token) vs pageRegisteredUsers() direct, page size ${pageSize} (ms)`,
  );
  console.log(
    `  ${'search'.padEnd(20)}${'sort'.padEnd(13)}${'page'.padEnd(15)}${'total'.padStart(8)}  ${'API p50'.padStart(8)}${'p95'.padStart(8)}${'max'.padStart(8)}  ${'SQL p50'.padStart(8)}${'p95'.padStart(8)}${'max'.padStart(8)}  API/SQL p50  p95`,
  );
  for (const term of terms) {
    const [{ total }] = [
      await pageRegisteredUsers(handle.db, { q: term.q, sort: 'id', order: 'asc', offset: 0, limit: 1 }),
    ];
    const lastPage = Math.max(1, Math.ceil(total / pageSize));
    const pages: [string, number][] = [
      ['first', 1],
      [`middle ${Math.ceil(lastPage / 2)}`, Math.ceil(lastPage / 2)],
      [`last ${lastPage}`, lastPage],
    ];
    const n = runs;
    for (const sort of sorts) {
      for (const order of ['asc', 'desc'] as const) {
        const old = await oldFirstPage(term.q, sort, order);
        for (const [pageLabel, page] of pages) {
          const params: ListParams = {
            q: term.q,
            sort,
            order,
            offset: (page - 1) * pageSize,
            limit: pageSize,
          };
          const qs = new URLSearchParams({ sort, order, page: String(page), pageSize: String(pageSize) });
          if (term.q) qs.set('q', term.q);
          const fetchPage = async () => {
            const res = await request(`${staff.baseUrl}/api/registered-users?${qs.toString()}`, {
              headers: { authorization: officer.auth },
              dispatcher: agent,
            });
            const text = await res.body.text();
            if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${text}`);
            return {
              total: Number(res.headers['x-total-count']),
              rows: JSON.parse(text) as RegisteredUser[],
            };
          };
          const viaApi = await fetchPage();
          const direct = await pageRegisteredUsers(handle.db, params);
          const same = JSON.stringify(viaApi) === JSON.stringify(direct) && direct.total === total;
          if (
            page === 1 &&
            JSON.stringify(old.map((r) => Number(r.cust_id))) !==
              JSON.stringify(direct.rows.map((r) => r.cust_id))
          ) {
            oldMismatches += 1;
          }
          const [api, raw] = await timeSideBySide(n, fetchPage, () => pageRegisteredUsers(handle.db, params));
          const row = {
            term: term.label,
            short: term.short,
            sort: `${sort} ${order}`,
            page: pageLabel,
            api,
            sql: raw,
            same,
          };
          results.push(row);
          console.log(
            `  ${row.term.padEnd(20)}${row.sort.padEnd(13)}${row.page.padEnd(15)}${String(total).padStart(8)}  ${f(api.p50)}${f(api.p95)}${f(api.max)}  ${f(raw.p50)}${f(raw.p95)}${f(raw.max)}  ${(api.p50 / raw.p50).toFixed(2).padStart(10)}× ${(api.p95 / raw.p95).toFixed(2).padStart(5)}×${same ? '' : '  RESULTS DIFFER'}`,
          );
        }
      }
    }
  }

  const verdict = (ok: boolean) => {
    if (!ok) failed = true;
    return ok ? 'PASS' : 'FAIL';
  };
  const worst = (rows: Row[], pick: (r: Row) => number) =>
    rows.reduce((w, r) => (pick(r) > pick(w) ? r : w), rows[0]!);
  const name = (r: Row) => `${r.term} / ${r.sort} / ${r.page}`;
  const w95 = worst(
    results.filter((r) => !r.short),
    (r) => r.api.p95,
  );
  const wShort = worst(
    results.filter((r) => r.short),
    (r) => r.api.p95,
  );
  const wMax = worst(results, (r) => Math.max(r.api.max, r.sql.max));
  const wRatio = worst(results, (r) => r.api.p50 / r.sql.p50);
  // A ratio of a few milliseconds over a few milliseconds measures HTTP and JSON, not the query; the
  // ratio target is read on the cases where the database does real work (SQL p50 ≥ 5 ms).
  const heavy = results.filter((r) => r.sql.p50 >= 5);
  const wHeavyRatio = heavy.length ? worst(heavy, (r) => r.api.p50 / r.sql.p50) : undefined;
  const wAbs = worst(results, (r) => r.api.p50 - r.sql.p50);
  console.log('Targets:');
  console.log(
    `  ${verdict(w95.api.p95 < 60)}  API p95 < 60 ms for every unfiltered sort/page and searches of 3+ characters — worst ${w95.api.p95.toFixed(1)} ms (${name(w95)})`,
  );
  console.log(
    `  ${verdict(wShort.api.p95 < 150)}  API p95 < 150 ms for searches of 1–2 characters — worst ${wShort.api.p95.toFixed(1)} ms (${name(wShort)})`,
  );
  console.log(
    `  ${verdict(Math.max(wMax.api.max, wMax.sql.max) < 1000)}  no request over 1 s in any case — slowest ${Math.max(wMax.api.max, wMax.sql.max).toFixed(1)} ms (${name(wMax)})`,
  );
  console.log(
    `  ${verdict(!wHeavyRatio || wHeavyRatio.api.p50 / wHeavyRatio.sql.p50 <= 1.2)}  API within 1.2× of raw SQL (p50, cases with SQL p50 ≥ 5 ms: ${heavy.length}) — worst ${wHeavyRatio ? `${(wHeavyRatio.api.p50 / wHeavyRatio.sql.p50).toFixed(2)}× (${name(wHeavyRatio)})` : 'n/a'}`,
  );
  console.log(
    `        all cases: worst ratio ${(wRatio.api.p50 / wRatio.sql.p50).toFixed(2)}× (${name(wRatio)}, ${wRatio.api.p50.toFixed(1)} vs ${wRatio.sql.p50.toFixed(1)} ms); largest HTTP overhead ${(wAbs.api.p50 - wAbs.sql.p50).toFixed(1)} ms (${name(wAbs)})`,
  );
  console.log(
    `  ${verdict(results.every((r) => r.same))}  API answers exactly what the repository returns (rows and X-Total-Count), every case`,
  );
  console.log(
    `  ${verdict(oldMismatches === 0)}  first pages identical to the previous query (joined tables, IN (… UNION …)): ${oldMismatches} mismatches`,
  );
} finally {
  await agent.close();
  await app?.close();
  await handle.close();
  if (values.drop) await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
  else console.log(`Kept database ${dbName} (--drop to remove it)`);
}
process.exitCode = failed ? 1 : 0;

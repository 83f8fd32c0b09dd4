// Account Enquiry on an account with 100,000 postings: GET /api/accounts/:number/transactions on the
// first, a middle and the last page (cursor walked), and GET /api/accounts/:number/statement as PDF
// and CSV for one year of postings, through the real app (HTTP, activated user token) next to the
// same repository calls made directly. Prints p50/p95 and PASS/FAIL per target.
//   TEST_DATABASE_URL=postgres://… node --import tsx bench/account-history.ts [--postings N] [--runs R] [--database NAME] [--drop]
// The database (default bm_bench_history: 10,000 seeded customers plus the bench account) is kept and
// reused: the postings are made only when the bench account does not have them yet (an
// interrupted run resumes where it stopped: posting i always gets the same time and amount).
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { makeAccountNumber } from '@bankmanager/contracts';
import { runMigrations } from '../server/src/db/migrate.ts';
import { queryRows } from '../server/src/db/rows.ts';
import { appendAudit } from '../server/src/db/audit-log.ts';
import { seedBanking } from '../server/src/db/seed/banking/index.ts';
import { buildApp, type App } from '../server/src/app.ts';
import { testConfig } from '../server/test/support/harness.ts';
import { staffUsers } from '../server/test/support/staff-users.ts';
import { findAccount, listTransactions } from '../server/src/modules/accounts/repository.ts';
import { buildStatement } from '../server/src/modules/accounts/statement.ts';
import { statementCsv } from '../server/src/modules/accounts/statement-csv.ts';
import { statementPdf } from '../server/src/modules/accounts/statement-pdf.ts';
import { adminQuery, benchServerUrl, openBenchDatabase, time, type Timing } from './support.ts';

const { values } = parseArgs({
  options: {
    postings: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '30' },
    database: { type: 'string', default: 'bm_bench_history' },
    drop: { type: 'boolean', default: false },
  },
});
const adminUrl = benchServerUrl();
const postings = Number(values.postings);
const runs = Number(values.runs);
const dbName = values.database;
// A valid number (ADR 0019) under branch 999 and serial 99999999, far from the seeded serials.
const ACCOUNT = makeAccountNumber('999', 99_999_999);
// Postings are spread evenly over the two years ending here: the statement year holds half of them.
const HISTORY_END = '2026-10-31T18:00:00Z';
const HISTORY_DAYS = 730;
const YEAR = { from: '2025-11-01', to: '2026-10-31' };
const PAGE = 20;

const handle = await openBenchDatabase(adminUrl, dbName);
let app: App | undefined;
const db = handle.db;
let failed = false;
try {
  await runMigrations(handle);
  app = await buildApp({ config: testConfig(), db: handle, logger: false });
  await db.transaction((tx) => seedBanking(tx, { customers: 10_000, transactionsPerAccount: 8, seed: 232 }));
  await db.execute(sql`
    insert into accounts (account_number, cust_id, product_code, account_type, currency, status, opened_on, branch_code, ledger_code)
    select ${ACCOUNT}, 1, p.code, p.account_type, p.currency, 'Active', date '2024-10-01', c.branch_code, p.ledger_code
    from products p, customers c where p.account_type = 'Savings' and p.currency = 'SLE' and c.cust_id = 1
    order by p.code limit 1
    on conflict (account_number) do nothing`);
  const [acct] = await queryRows<{ id: string; n: string }>(
    db,
    sql`select a.id, (select count(*) from transactions t where t.account_id = a.id) as n
        from accounts a where a.account_number = ${ACCOUNT}`,
  );
  const accountId = Number(acct!.id);
  const have = Number(acct!.n);
  if (have < postings) {
    // Through the posting trigger, set-based: each batch is one INSERT … SELECT in posting order whose
    // balance_after is the account's balance plus a window sum; the trigger checks every row against
    // the running balance and moves accounts.balance. Batches keep each transaction's row versions
    // of the account few. Two credits then one smaller debit: the balance never goes below zero.
    const started = performance.now();
    const step = (HISTORY_DAYS * 86_400) / postings; // seconds between postings
    const batch = 2_000;
    for (let lo = have + 1; lo <= postings; lo += batch) {
      const hi = Math.min(postings, lo + batch - 1);
      // Each batch is one journal entry, balanced on 1900 Suspense and audited like any posting.
      await db.transaction(async (tx) => {
        const [e] = await queryRows<{ id: string }>(
          tx,
          sql`insert into journal_entries (business_date, value_date, narration, source, reference)
              values (current_business_date(), current_business_date(), 'Bench history batch', 'system', ${`BENCH-HIST-${lo}`})
              returning id`,
        );
        await tx.execute(sql`
        insert into transactions (account_id, posted_at, value_date, description, amount, direction, balance_after, reference, entry_id)
        select ${accountId}, g.at, (g.at at time zone 'UTC')::date, g.description, g.amount, g.direction,
               a.balance + sum(case g.direction when 'credit' then g.amount else -g.amount end) over (order by g.i),
               'BENCH-' || g.i, ${e!.id}
        from (select i,
                     ${HISTORY_END}::timestamptz - ((${postings} - i) * ${step}::numeric) * interval '1 second' as at,
                     case when i % 3 = 0 then 'debit' else 'credit' end as direction,
                     case when i % 3 = 0 then 50 + (i * 104729 % 5000) / 100.0 else 100 + (i * 7919 % 10000) / 100.0 end::numeric(18,2) as amount,
                     case when i % 3 = 0 then 'Mobile money transfer' else 'Cash deposit' end as description
              from generate_series(${lo}::bigint, ${hi}::bigint) i) g,
             accounts a
        where a.id = ${accountId}
        order by g.i`);
        await tx.execute(sql`insert into gl_lines (entry_id, gl_code, currency, side, amount)
          select ${e!.id}, '1900', 'SLE', case when s > 0 then 'debit' else 'credit' end, abs(s)
          from (select sum(case direction when 'credit' then amount else -amount end) as s from transactions where entry_id = ${e!.id}) x
          where s <> 0`);
        await appendAudit(tx, {
          action: 'bench.history_batch',
          outcome: 'success',
          actorEmail: 'bench',
          targetType: 'journal_entry',
          details: { entryId: Number(e!.id) },
        });
      });
    }
    const [bad] = await queryRows<{ n: string }>(db, sql`select count(*) as n from ledger_violations()`);
    if (Number(bad!.n) !== 0) throw new Error(`ledger_violations() reports ${bad!.n} problems`);
    await db.execute(sql`vacuum analyze transactions`);
    console.log(
      `Posted ${postings.toLocaleString('en-US')} transactions to ${ACCOUNT} through the ledger trigger in ${((performance.now() - started) / 1000).toFixed(1)} s; ledger_violations() is empty`,
    );
  } else {
    console.log(`Reusing ${dbName}: ${ACCOUNT} has ${Number(acct!.n).toLocaleString('en-US')} postings`);
  }

  await app.ready();
  const staff = await staffUsers(app);
  const officer = await staff.make('activated', 'bench');
  const headers = { authorization: officer.auth };
  const [server] = await queryRows<{ v: string }>(db, sql`select current_setting('server_version') as v`);
  const account = (await findAccount(db, ACCOUNT))!;

  // Walk the whole history once through the repository, keeping the cursors of the pages measured.
  const cursors: (string | undefined)[] = [undefined];
  for (let c: string | null | undefined = undefined; ;) {
    const page = await listTransactions(db, accountId, PAGE, c ?? undefined);
    if (!page.nextCursor) break;
    c = page.nextCursor;
    cursors.push(c);
  }
  const pages: [string, string | undefined][] = [
    ['first', cursors[0]],
    [`middle ${Math.ceil(cursors.length / 2)}`, cursors[Math.ceil(cursors.length / 2) - 1]],
    [`last ${cursors.length}`, cursors.at(-1)],
  ];

  const f = (x: number) => x.toFixed(1).padStart(8);
  const line = (label: string, api: Timing, raw: Timing, note: string) =>
    console.log(
      `  ${label.padEnd(34)}${f(api.p50)}${f(api.p95)}${f(api.max)}  ${f(raw.p50)}${f(raw.p95)}${f(raw.max)}  ${(api.p50 / raw.p50).toFixed(2).padStart(9)}×  ${note}`,
    );
  const verdict = (ok: boolean) => {
    if (!ok) failed = true;
    return ok ? 'PASS' : 'FAIL';
  };
  console.log(`PostgreSQL ${server?.v ?? '?'} · ${new Date().toISOString()}`);
  console.log(
    `Account ${ACCOUNT}: ${postings.toLocaleString('en-US')} postings over ${HISTORY_DAYS} days, ${cursors.length.toLocaleString('en-US')} pages of ${PAGE}; API = HTTP with an activated token (includes the audit row), SQL = repository call (ms)`,
  );
  console.log(
    `  ${'request'.padEnd(34)}${'API p50'.padStart(8)}${'p95'.padStart(8)}${'max'.padStart(8)}  ${'SQL p50'.padStart(8)}${'p95'.padStart(8)}${'max'.padStart(8)}  ${'API/SQL p50'.padStart(10)}`,
  );
  let worstPage = 0;
  for (const [label, cursor] of pages) {
    const qs = new URLSearchParams({ limit: String(PAGE) });
    if (cursor) qs.set('cursor', cursor);
    const api = await time(runs, async () => {
      const res = await fetch(`${staff.baseUrl}/api/accounts/${ACCOUNT}/transactions?${qs.toString()}`, {
        headers,
      });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      return res.json();
    });
    const raw = await time(runs, () => listTransactions(db, accountId, PAGE, cursor));
    worstPage = Math.max(worstPage, api.p95);
    line(`transactions, ${label} page`, api, raw, 'target p95 < 50');
  }

  const [inYear] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from transactions where account_id = ${accountId}
        and posted_at >= ${YEAR.from}::date::timestamptz and posted_at < (${YEAR.to}::date + 1)::timestamptz`,
  );
  const drain = async (doc: NodeJS.ReadableStream) => {
    let bytes = 0;
    for await (const chunk of doc) bytes += (chunk as Buffer).length;
    return bytes;
  };
  let worstStatement = 0;
  const sizes: string[] = [];
  for (const format of ['pdf', 'csv'] as const) {
    let size = 0;
    const qs = new URLSearchParams({ ...YEAR, format });
    const api = await time(Math.max(3, Math.ceil(runs / 6)), async () => {
      const res = await fetch(`${staff.baseUrl}/api/accounts/${ACCOUNT}/statement?${qs.toString()}`, {
        headers,
      });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      size = (await res.arrayBuffer()).byteLength;
    });
    const raw = await time(Math.max(3, Math.ceil(runs / 6)), async () => {
      const s = await buildStatement(db, account, YEAR.from, YEAR.to);
      return format === 'pdf' ? drain(statementPdf(s)) : statementCsv(s).length;
    });
    worstStatement = Math.max(worstStatement, api.p95);
    sizes.push(`${format.toUpperCase()} ${(size / 1024).toFixed(0)} KiB`);
    line(`statement ${format.toUpperCase()}, 1 year`, api, raw, 'target p95 < 2000');
  }
  console.log(
    `  (the year ${YEAR.from}…${YEAR.to} holds ${Number(inYear!.n).toLocaleString('en-US')} postings: ${sizes.join(', ')})`,
  );
  console.log('Targets:');
  console.log(
    `  ${verdict(worstPage < 50)}  transactions p95 < 50 ms on any page — worst ${worstPage.toFixed(1)} ms`,
  );
  console.log(
    `  ${verdict(worstStatement < 2000)}  a year's statement (PDF and CSV) within 2 s — worst p95 ${worstStatement.toFixed(0)} ms`,
  );
} finally {
  await app?.close();
  await handle.close();
  if (values.drop) await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
  else console.log(`Kept database ${dbName} (--drop to remove it)`);
}
process.exitCode = failed ? 1 : 0;

// Bulk salary posting on PostgreSQL, side by side in one run: a 10,000-line batch uploaded
// and validated through POST /api/salary-batches, then posted by the checker's approval (real HTTP,
// real tokens), next to bare-SQL floors that move the same rows without any rule: the file loaded
// into a plain table with one join UPDATE, and 10,000 rows INSERT … SELECTed into a trigger-less copy
// of `transactions`. Also the row-by-row alternative (one postEntry per line), timed on 200 lines and
// scaled. Target (ADR 0024): validate + post 10,000 lines in under 10 s.
//   TEST_DATABASE_URL=postgres://… npm run bench:salary [-- --lines 10000] [--runs 3] [--keep]
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client.ts';
import { runMigrations } from '../server/src/db/migrate.ts';
import { queryRows } from '../server/src/db/rows.ts';
import { buildApp } from '../server/src/app.ts';
import { postEntry } from '../server/src/modules/ledger/index.ts';
import { testConfig } from '../server/test/support/harness.ts';
import { staffUsers } from '../server/test/support/staff-users.ts';
import { ensureReferenceData } from '../server/test/support/banking-fixtures.ts';
import { adminQuery, benchDatabaseUrl, benchServerUrl, median } from './support.ts';

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    database: { type: 'string', default: 'bm_bench_salary' },
    keep: { type: 'boolean', default: false },
  },
});
const LINES = Number(values.lines);
const RUNS = Number(values.runs);
const dbName = values.database;
const serverUrl = benchServerUrl();
await adminQuery(serverUrl, `drop database if exists ${dbName} with (force)`);
await adminQuery(serverUrl, `create database ${dbName}`);
const handle = await openDatabase({
  databaseUrl: benchDatabaseUrl(serverUrl, dbName),
  dataDir: 'memory://',
  poolMax: 8,
  queryTimeoutMs: 0,
});
const db = handle.db;
await runMigrations(handle);
await ensureReferenceData(db);
const app = await buildApp({ config: testConfig(), db: handle, logger: false });

const seconds = (ms: number) => (ms / 1000).toFixed(2);
async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const r = await fn();
  return [r, performance.now() - t];
}

try {
  const staff = await staffUsers(app);
  const [maker, checker] = [await staff.make('superuser', 'maker'), await staff.make('superuser', 'checker')];
  const addr = app.server.address();
  const base = typeof addr === 'object' && addr ? `http://127.0.0.1:${addr.port}` : '';
  const api = async (who: typeof maker, method: string, path: string, body?: object) => {
    const r = await fetch(`${base}/api${path}`, {
      method,
      headers: { authorization: who.auth, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await r.json()) as Record<string, unknown>;
    if (r.status >= 300 && r.status !== 202)
      throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
    return json;
  };

  // The employees (RUNS × LINES accounts, each batch pays its own) and the employer, with money.
  const employees = await queryRows<{ n: string }>(
    db,
    sql`with c as (insert into customers (name, type, mobile_no, status, branch_code)
          select 'Employee ' || g, 'private', '+23277' || lpad(g::text, 7, '0'), 'Active', 'T01'
          from generate_series(1, ${LINES * RUNS}) g returning cust_id)
        insert into accounts (account_number, cust_id, product_code, account_type, currency, status, opened_on, branch_code, ledger_code)
        select make_account_number('900', nextval('account_serial_seq')), cust_id, 'T-SAV', 'Savings', 'SLE', 'Active',
               date '2026-01-01', 'T01', '2020' from c returning account_number as n`,
  );
  const [emp] = await queryRows<{ id: string; n: string }>(
    db,
    sql`with c as (insert into customers (name, type, mobile_no, status, branch_code)
          values ('Employer Ltd', 'corporate', '+232880000001', 'Active', 'T01') returning cust_id)
        insert into accounts (account_number, cust_id, product_code, account_type, currency, status, opened_on, branch_code, ledger_code)
        select make_account_number('900', nextval('account_serial_seq')), cust_id, 'T-CUR', 'Current', 'SLE', 'Active',
               date '2026-01-01', 'T01', '2010' from c returning id, account_number as n`,
  );
  await postEntry(db, {
    source: 'system',
    narration: 'Bench: employer funds',
    lines: [
      { glCode: '1020-T01', currency: 'SLE', side: 'debit', amount: '100000000000' },
      { accountId: Number(emp!.id), side: 'credit', amount: '100000000000' },
    ],
    audit: { action: 'bench.fund', targetType: 'account', targetId: emp!.n },
  });
  const csvOf = (run: number) =>
    employees
      .slice(run * LINES, (run + 1) * LINES)
      .map((e, i) => `${e.n},${1000 + (i % 500)}.25,Salary ${i + 1}`)
      .join('\n');

  const validate: number[] = [];
  const post: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const [batch, v] = await timed(() =>
      api(maker, 'POST', '/salary-batches', {
        employer_account: emp!.n,
        reference: `BENCH-SAL-${Date.now()}-${run}`,
        narration: 'Bench salary',
        csv: csvOf(run),
      }),
    );
    if (batch.problem_count !== 0 || batch.line_count !== LINES)
      throw new Error(`batch: ${JSON.stringify(batch)}`);
    const { approvalId } = await api(maker, 'POST', `/salary-batches/${batch.id as string}/submit`);
    const [, p] = await timed(() => api(checker, 'POST', `/approvals/${approvalId as string}/approve`));
    validate.push(v);
    post.push(p);
  }

  // Floors: the same rows with no rule at all.
  const rows = employees.slice(0, LINES).map((e, i) => ({
    line_no: i + 1,
    account_number: e.n,
    amount_text: `${1000 + (i % 500)}.25`,
    narration: `Salary ${i + 1}`,
  }));
  const floorValidate: number[] = [];
  const floorPost: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await db.execute(sql`drop table if exists bench_lines`);
    await db.execute(
      sql`create table bench_lines (line_no int, account_number text, amount_text text, narration text, account_id bigint, amount numeric(18,2))`,
    );
    const [, v] = await timed(async () => {
      await db.execute(sql`insert into bench_lines (line_no, account_number, amount_text, narration)
        select * from json_to_recordset(${JSON.stringify(rows)}::json) as x(line_no int, account_number text, amount_text text, narration text)`);
      await db.execute(
        sql`update bench_lines l set account_id = a.id, amount = l.amount_text::numeric from accounts a where a.account_number = l.account_number`,
      );
    });
    floorValidate.push(v);
    await db.execute(sql`drop table if exists bench_transactions`);
    await db.execute(
      sql`create table bench_transactions (like transactions including defaults including identity)`,
    );
    const [, p] = await timed(() =>
      db.execute(sql`insert into bench_transactions (account_id, posted_at, value_date, description, amount, direction, balance_after, reference, entry_id)
        select l.account_id, clock_timestamp(), current_date, l.narration, l.amount, 'credit', a.balance + l.amount, 'BENCH', 0
        from bench_lines l join accounts a on a.id = l.account_id`),
    );
    floorPost.push(p);
  }

  // Row by row: one balanced entry per line through postEntry, on 200 lines, scaled to LINES.
  const sample = employees.slice(0, 200);
  const [, rowByRow] = await timed(async () => {
    for (const [i, e] of sample.entries()) {
      const [a] = await queryRows<{ id: string }>(
        db,
        sql`select id from accounts where account_number = ${e.n}`,
      );
      await postEntry(db, {
        source: 'transfer',
        narration: `Row by row ${i}`,
        lines: [
          { accountId: Number(emp!.id), side: 'debit', amount: '1.00' },
          { accountId: Number(a!.id), side: 'credit', amount: '1.00' },
        ],
        audit: { action: 'bench.row', targetType: 'account', targetId: e.n },
      });
    }
  });
  const [bad] = await queryRows<{ n: string }>(db, sql`select count(*)::text as n from ledger_violations()`);

  const v = median(validate);
  const p = median(post);
  console.log(
    `\nBulk salary posting on PostgreSQL: ${LINES.toLocaleString('en-US')} lines, median of ${RUNS} runs (seconds)`,
  );
  console.log('step                                  | this  | bare-SQL floor | floor is');
  console.log(
    `upload + validate (POST /salary-batches) | ${seconds(v).padStart(5)} | ${seconds(median(floorValidate)).padStart(14)} | json_to_recordset into a plain table + one join UPDATE`,
  );
  console.log(
    `post on approval (POST …/approve)        | ${seconds(p).padStart(5)} | ${seconds(median(floorPost)).padStart(14)} | INSERT … SELECT into a trigger-less copy of transactions`,
  );
  console.log(`validate + post                          | ${seconds(v + p).padStart(5)} |`);
  console.log(
    `row by row (postEntry per line, ${sample.length} timed, ×${LINES / sample.length}) | ${seconds((rowByRow * LINES) / sample.length)} s`,
  );
  console.log(`ledger_violations(): ${bad!.n} (target 0)`);
  const ok = v + p < 10_000 && bad!.n === '0';
  console.log(`validate + post < 10 s: ${ok ? 'PASS' : 'FAIL'}`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await app.close();
  await handle.close();
  if (!values.keep) await adminQuery(serverUrl, `drop database if exists ${dbName} with (force)`);
}

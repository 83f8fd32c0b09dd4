// One end-of-day chunk timed on two (or more) copies of a database, alternated (A, B, B, A…) and rolled
// back each time, so that a change to the database (a migration applied to one copy) is judged on the
// same rows. Each round prints its wall time and the backend's own CPU time.
// Kinds:
// - `bulk`: one bulk entry crediting Le 0.01 to `--limit` consecutive Active SLE deposit accounts
//   through the ledger's per-account bulk path (end of day's interest and fees);
// - `auto`: one auto-debit chunk of `--limit` loans on business date `--date` (pick a date a month or
//   more ahead of the database's, so that every loan owes an instalment);
// - `accrual` or `classify`: one chunk of the loan accrual (through `--date`) or of classification (on
//   `--date`);
// - `interest`: one chunk of month end's credit interest posting with WHT (staged, posted, settled) over
//   the next `--limit` accounts with interest booked after `--cursor`, on the database's own business
//   date; `--walk` moves each round on to the next chunk, as the step does.
// Options:
// - `--setup FILE`: instead of two databases, the first one alone, each round with and without FILE's
//   SQL run in the transaction first (a `CREATE OR REPLACE` of a trigger function, a `DROP INDEX`:
//   rolled back with the chunk), so a change is judged before it is written as a migration;
// - `--profile`: each statement's time within the chunk (the client's view: its round trip included);
// - `--explain`: each statement's plan and trigger times over 30 ms in the server's log
//   (`auto_explain`, which must be loadable).
//   TEST_DATABASE_URL=postgres://… node --import tsx bench/chunk-ab.ts --dbs bm_a,bm_b [--kind bulk|auto|accrual|classify|interest] [--limit 20000] [--rounds 10] [--date YYYY-MM-DD] [--cursor 0] [--walk] [--setup FILE] [--profile] [--explain]
// Make the copies with `CREATE DATABASE bm_b TEMPLATE bm_a` (no one connected to bm_a), then migrate one.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryRows } from '../server/src/db/rows.ts';
import { postBulkEntry } from '../server/src/modules/ledger/index.ts';
import { autoDebitChunk } from '../server/src/modules/loans/auto-debit.ts';
import { accrueLoanChunk, classifyLoanChunk } from '../server/src/modules/loan-book/index.ts';
import type { Database } from '../server/src/db/client.ts';
import { postCreditInterestChunk } from '../server/src/modules/eod/steps/posting.ts';
import { monthEndContext } from './eod-chunk-context.ts';
import { processCpuMs } from './process-cpu.ts';
import { benchServerUrl, inRolledBackTransaction, median, openBenchDatabase } from './support.ts';

const { values } = parseArgs({
  options: {
    dbs: { type: 'string', default: 'bm_bench_eod' },
    rounds: { type: 'string', default: '10' },
    kind: { type: 'string', default: 'bulk' },
    date: { type: 'string' },
    limit: { type: 'string', default: '20000' },
    cursor: { type: 'string', default: '0' },
    explain: { type: 'boolean', default: false },
    walk: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    setup: { type: 'string' },
  },
});
const limit = Number(values.limit);
let cursor = Number(values.cursor);
/** With --walk (interest only): each round takes the next chunk, as the step does, from where the last one ended. */
let rangeEnd = cursor;
const setupSql = values.setup ? fs.readFileSync(values.setup, 'utf8') : null;
// With --setup the labels are the database and the database with the file; both open the first database.
const dbList = values.dbs.split(',');
const names = setupSql ? [dbList[0]!, `${dbList[0]!}+setup`] : dbList;
if (!['bulk', 'interest'].includes(values.kind) && !values.date)
  throw new Error(`--kind ${values.kind} needs --date`);

const eligible = sql`a.status = 'Active' and a.currency = 'SLE' and a.account_type in ('Savings', 'Current') and a.id > ${cursor}`;

/** One chunk in `tx`; returns the lines (bulk) or loans (auto) it posted. */
async function chunk(tx: Database): Promise<number> {
  // The loan steps' chunks take the same arguments: one business date, one window of loans.
  const loanChunk = {
    businessDate: values.date!,
    through: values.date!,
    cursor,
    limit,
    runId: 0,
    actor: { id: null, email: 'bench@bankmanager.sl' },
  };
  if (values.kind === 'accrual' || values.kind === 'classify') {
    const step = values.kind === 'accrual' ? accrueLoanChunk : classifyLoanChunk;
    const r = await step(tx, loanChunk);
    return r.done;
  }
  if (values.kind === 'interest') return interestChunk(tx);
  if (values.kind === 'auto') {
    const r = await autoDebitChunk(tx, loanChunk);
    if (r.bulkRefusal) console.log(`  the set-based path was refused: ${r.bulkRefusal}`);
    return r.collected;
  }
  const [facts] = await queryRows<{ d: string; gl: string }>(
    tx,
    sql`select current_business_date()::text as d,
               (select interest_payable_gl from products where interest_payable_gl is not null limit 1) as gl`,
  );
  const picked = sql`select a.id from accounts a where ${eligible} order by a.id limit ${limit}`;
  const r = await postBulkEntry(tx, {
    source: 'end_of_day',
    businessDate: facts!.d,
    narration: 'bench chunk',
    reference: `BENCH-CHUNK-${Date.now()}`,
    description: 'bench credit',
    actor: { id: null, email: 'bench@bankmanager.sl' },
    currency: 'SLE',
    rows: sql`select p.id as account_id, 'credit'::text as side, 0.01::numeric as amount from (${picked}) p`,
    gl: sql`select ${facts!.gl}::text, 'debit'::text, count(*) * 0.01 from (${picked}) p`,
    recordRefused: async () => {},
  });
  return r.posted;
}

/** One chunk of the interest posting step, as `postInterest` runs it, on the database's business date. */
async function interestChunk(tx: Database): Promise<number> {
  const ctx = await monthEndContext(tx, 'interest_posting', limit);
  const r = await postCreditInterestChunk(tx, ctx, cursor, { index: 0, of: 1 });
  if (r.lastId !== null) rangeEnd = r.lastId;
  return r.done;
}

const dialect = new PgDialect();

/** `tx` with each statement's time added to `into`, by its first words (savepoints included). */
function profiled(tx: Database, into: Map<string, number>): Database {
  return new Proxy(tx, {
    get(target, key, receiver) {
      const v: unknown = Reflect.get(target, key, receiver);
      if (key === 'execute')
        return async (q: SQL) => {
          const text = dialect.sqlToQuery(q).sql;
          const label = text.replace(/\s+/g, ' ').trim().slice(0, 90);
          const t = performance.now();
          try {
            return await (v as (q: SQL) => Promise<unknown>).call(target, q);
          } finally {
            into.set(label, (into.get(label) ?? 0) + performance.now() - t);
          }
        };
      if (key === 'transaction')
        return (fn: (sp: Database) => Promise<unknown>) =>
          (v as (f: (sp: Database) => Promise<unknown>) => Promise<unknown>).call(target, (sp: Database) =>
            fn(profiled(sp, into)),
          );
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

const handles = await Promise.all(
  names.map((n) => openBenchDatabase(benchServerUrl(), n.replace(/\+setup$/, ''))),
);
const times = new Map<string, number[]>(names.map((n) => [n, []]));
// The backend's own CPU time for the chunk: what the change costs the database, less moved by the
// neighbours' load than the wall time (bench/process-cpu.ts).
const cpuTimes = new Map<string, number[]>(names.map((n) => [n, []]));
for (let round = 0; round < Number(values.rounds); round++) {
  const order = round % 2 === 0 ? names : [...names].reverse();
  for (const name of order) {
    const db = handles[names.indexOf(name)]!.db;
    const { ms, n, cpu } = await inRolledBackTransaction(db, async (tx) => {
      const [{ pid } = { pid: 0 }] = await queryRows<{ pid: number }>(
        tx,
        sql`select pg_backend_pid() as pid`,
      );
      if (values.explain) {
        await tx.execute(sql`load 'auto_explain'`);
        for (const [k, v] of [
          ['log_min_duration', '30'],
          ['log_analyze', 'on'],
          ['log_nested_statements', 'on'],
          ['log_triggers', 'on'],
        ])
          await tx.execute(sql`select set_config(${`auto_explain.${k}`}, ${v}, true)`);
      }
      if (setupSql && name.endsWith('+setup')) await tx.execute(sql.raw(setupSql));
      const spent = new Map<string, number>();
      const cpu0 = processCpuMs(pid);
      const t = performance.now();
      const posted = await chunk(values.profile ? profiled(tx, spent) : tx);
      const ms = performance.now() - t;
      const cpu1 = processCpuMs(pid);
      if (values.profile)
        for (const [label, spentMs] of [...spent].sort((a, b) => b[1] - a[1]))
          console.log(`  ${spentMs.toFixed(0).padStart(6)} ms  ${label}`);
      return { ms, n: posted, cpu: cpu0 === null || cpu1 === null ? NaN : cpu1 - cpu0 };
    });
    if (values.walk) cursor = rangeEnd;
    times.get(name)!.push(ms);
    cpuTimes.get(name)!.push(cpu);
    console.log(
      `round ${round} ${name.padEnd(16)} ${ms.toFixed(0).padStart(6)} ms  backend CPU ${cpu.toFixed(0).padStart(5)} ms  ${n} posted`,
    );
  }
}
for (const name of names) {
  const xs = times.get(name)!;
  const cs = cpuTimes.get(name)!;
  console.log(
    `${name.padEnd(16)} median ${median(xs).toFixed(0)} ms  runs ${xs.map((x) => x.toFixed(0)).join(' ')}`,
  );
  console.log(
    `${''.padEnd(16)} backend CPU median ${median(cs).toFixed(0)} ms  runs ${cs.map((x) => x.toFixed(0)).join(' ')}`,
  );
}
await Promise.all(handles.map((h) => h.close()));

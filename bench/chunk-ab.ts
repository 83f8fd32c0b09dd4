// One end-of-day chunk timed on two (or more) copies of a database, alternated (A, B, B, A…) and rolled
// back each time, so that a change to the database (a migration applied to one copy) is judged on the
// same rows. `--kind bulk`: one bulk entry crediting Le 0.01 to `--limit` consecutive Active SLE deposit
// accounts through the ledger's per-account bulk path (end of day's interest and fees); `--kind auto`:
// one auto-debit chunk of `--limit` loans on business date `--date` (pick a date a month or more ahead
// of the database's, so that every loan owes an instalment); `--kind accrual` or `classify`: one chunk of
// the loan accrual (through `--date`) or of classification (on `--date`). `--explain` logs each statement's plan and
// trigger times over 30 ms to the server's log (`auto_explain`, which must be loadable).
//   TEST_DATABASE_URL=postgres://… node --import tsx bench/chunk-ab.ts --dbs bm_a,bm_b [--kind bulk|auto|accrual|classify] [--limit 20000] [--rounds 10] [--date YYYY-MM-DD] [--cursor 0] [--explain]
// Make the copies with `CREATE DATABASE bm_b TEMPLATE bm_a` (no one connected to bm_a), then migrate one.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows } from '../server/src/db/rows.ts';
import { postBulkEntry } from '../server/src/modules/ledger/index.ts';
import { autoDebitChunk } from '../server/src/modules/loans/auto-debit.ts';
import { accrueLoanChunk, classifyLoanChunk } from '../server/src/modules/loan-book/index.ts';
import type { Database } from '../server/src/db/client.ts';
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
  },
});
const limit = Number(values.limit);
const cursor = Number(values.cursor);
const names = values.dbs.split(',');
if (values.kind !== 'bulk' && !values.date) throw new Error(`--kind ${values.kind} needs --date`);

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

const handles = await Promise.all(names.map((n) => openBenchDatabase(benchServerUrl(), n)));
const times = new Map<string, number[]>(names.map((n) => [n, []]));
for (let round = 0; round < Number(values.rounds); round++) {
  const order = round % 2 === 0 ? names : [...names].reverse();
  for (const name of order) {
    const db = handles[names.indexOf(name)]!.db;
    const { ms, n } = await inRolledBackTransaction(db, async (tx) => {
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
      const t = performance.now();
      const posted = await chunk(tx);
      return { ms: performance.now() - t, n: posted };
    });
    times.get(name)!.push(ms);
    console.log(`round ${round} ${name.padEnd(16)} ${ms.toFixed(0).padStart(6)} ms  ${n} posted`);
  }
}
for (const name of names) {
  const xs = times.get(name)!;
  console.log(
    `${name.padEnd(16)} median ${median(xs).toFixed(0)} ms  runs ${xs.map((x) => x.toFixed(0)).join(' ')}`,
  );
}
await Promise.all(handles.map((h) => h.close()));

// bench:loans on PostgreSQL (TEST_DATABASE_URL), one run, ratios measured side by side:
//  1. POST /api/loans/:id/repayments over HTTP (the real server, the officer's token) beside the direct
//     call of the repayment service (repayLoan: same transaction, no HTTP, auth or validation), at 1
//     and 8 concurrent clients (each client its own loan), interleaved batch by batch; medians of RUNS.
//  2. The end-of-day auto-debit step on N loans all due today (seeded set-based from one real loan),
//     chunk by chunk as end of day runs it, beside the floors bench:eod judges it on: the write floor
//     (ADR 0083: one bare statement doing the step's whole arithmetic and writing each result where the
//     step keeps it, rolled back) and the debit-only floor (ADR 0076), printed beside it.
import { sql } from 'drizzle-orm';
import { queryRows } from '../server/src/db/rows.ts';
import { autoDebitChunk } from '../server/src/modules/loans/auto-debit.ts';
import { repayLoan } from '../server/src/modules/loans/repay.ts';
import { createTestApp } from '../server/test/support/harness.ts';
import { loanScene } from '../server/test/support/loan-applications.ts';
import { disbursedLoan, setBusinessDate } from '../server/test/support/loans.ts';
import { autoDebitFloorRuns } from './eod-floors.ts';
import { cloneLoans } from './loan-clones.ts';
import { percentile } from './support.ts';

export async function benchLoansOnDatabase(o: { runs: number; loans: number; chunk: number }) {
  const t = await createTestApp();
  const s = await loanScene(t.app);
  const median = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    );
  const spread = (xs: number[]) => {
    const v = [...xs].sort((a, b) => a - b);
    return `p10 ${percentile(v, 10).toFixed(1)} – p90 ${percentile(v, 90).toFixed(1)} ms`;
  };

  // 1. Repayments: Le 10.00 a time on the instalment under way (a loan takes ~180 before it is paid).
  const clients = await Promise.all(Array.from({ length: 8 }, () => disbursedLoan(t.app, s)));
  let n = 0;
  const ref = () => `BENCH-${Date.now()}-${++n}`;
  const viaApi = (l: (typeof clients)[number]) => async () => {
    const r = await s.call('POST', `/api/loans/${l.loanId}/repayments`, s.officer, {
      fromAccount: l.custAccount,
      amount: '10.00',
      reference: ref(),
    });
    if (r.statusCode !== 201) throw new Error(`repay: ${r.statusCode} ${r.body}`);
  };
  const direct = (l: (typeof clients)[number]) => () =>
    repayLoan(t.app.db, {
      loanId: l.loanId,
      amount: '10.00',
      reference: ref(),
      channel: 'transfer',
      source: { kind: 'account', accountNumber: l.custAccount },
      overpayment: 'refuse',
      actor: { id: s.officer.userId, email: s.officer.email },
    });
  console.log(`repayments (Le 10.00 each), medians of ${o.runs} interleaved batches:`);
  for (const c of [1, 8]) {
    const mine = clients.slice(0, c);
    const batch = (fn: (l: (typeof clients)[number]) => () => Promise<unknown>) => async () => {
      const t0 = performance.now();
      await Promise.all(mine.map((l) => fn(l)()));
      return performance.now() - t0;
    };
    const [a, d] = [batch(viaApi), batch(direct)];
    await a();
    await d();
    const api: number[] = [];
    const dir: number[] = [];
    for (let r = 0; r < o.runs; r++) {
      api.push(await a());
      dir.push(await d());
    }
    const ratio = median(api) / median(dir);
    console.log(
      `  ${c} client${c > 1 ? 's' : ' '}  API ${median(api).toFixed(1)} ms (${spread(api)})  direct ${median(dir).toFixed(1)} ms (${spread(dir)})  API ÷ direct ${ratio.toFixed(2)}× (target ≤ 1.5×)  ${Math.round((c * 1000) / median(api))} repayments/s over HTTP`,
    );
  }

  // 2. The auto-debit: N loans cloned set-based from a fresh real one, all due on its first due date.
  const tpl = await disbursedLoan(t.app, s);
  await cloneLoans(t.app.db, tpl.loanId, o.loans);
  const [d] = await queryRows<{ d: string }>(
    t.app.db,
    sql`select to_char(due_date, 'YYYY-MM-DD') as d from loan_instalments where loan_id = ${tpl.loanId} and instalment_number = 1`,
  );
  const due = d!.d;
  await setBusinessDate(t.app, due);
  await t.app.db.execute(sql`analyze`);
  const floors = await autoDebitFloorRuns(t.app.db, due, 3);
  const t0 = performance.now();
  let cursor = 0;
  let failed = 0;
  const actor = { id: s.officer.userId, email: s.officer.email };
  // On end of day's own connection (no query timeout), as the runner does: a chunk's statements
  // may run longer than a request's 5 s.
  const batch = await t.app.dbHandle.openBatch();
  let perLoan = 0;
  for (;;) {
    const r = await batch.db.transaction((tx) =>
      autoDebitChunk(tx, { businessDate: due, through: due, cursor, limit: o.chunk, runId: 0, actor }),
    );
    failed += r.failures.length;
    perLoan += r.perLoan;
    if (r.lastId === null) break;
    cursor = r.lastId;
  }
  await batch.close();
  const stepMs = performance.now() - t0;
  const [c] = await queryRows<{ n: number; partial: number; amount: string; lines: number }>(
    t.app.db,
    sql`select count(*)::int as n, count(*) filter (where amount < 1891.19)::int as partial, sum(amount)::text as amount,
               ((select count(*) from gl_lines g where g.entry_id in (select entry_id from loan_repayments where channel = 'auto_debit'))
                + (select count(*) from transactions x where x.entry_id in (select entry_id from loan_repayments where channel = 'auto_debit')))::int as lines
          from loan_repayments where channel = 'auto_debit'`,
  );
  const floorMs = median(floors.write);
  const total = o.loans + 9;
  const runsOf = (xs: number[]) => xs.map((f) => f.toFixed(0)).join(', ');
  console.log(
    `auto-debit on ${total.toLocaleString('en-US')} Active loans (${o.loans.toLocaleString('en-US')} due today), chunks of ${o.chunk}:`,
  );
  console.log(
    `  step   ${(stepMs / 1000).toFixed(1)} s  ${c!.n} collected (${c!.partial} in part, Le ${c!.amount}), ${failed} failed, ${perLoan} through the per-loan service  ${((stepMs * 1000) / o.loans).toFixed(0)} µs a loan due`,
  );
  // A posting: one journal entry (one loan's collection) with its lines, audit row and records.
  console.log(
    `  ${Math.round((c!.n * 1000) / stepMs).toLocaleString('en-US')} postings/s (${Math.round((c!.lines * 1000) / stepMs).toLocaleString('en-US')} journal lines/s), the whole step included`,
  );
  console.log(
    `  write floor  ${(floorMs / 1000).toFixed(2)} s  (bare SQL, the step's whole arithmetic, median of 3: ${runsOf(floors.write)} ms)`,
  );
  console.log(
    `  debit-only floor  ${(median(floors.debitOnly) / 1000).toFixed(2)} s  (median of 3: ${runsOf(floors.debitOnly)} ms)`,
  );
  // Every loan of this book is due on the one day, the worst day a monthly book can have; the 60 s
  // target is bench:eod's, on the 1M seed's book, whose loans fall due over the month.
  console.log(
    `  step ÷ write floor ${(stepMs / floorMs).toFixed(1)}× (target ≤ 3×), ÷ debit-only floor ${(stepMs / median(floors.debitOnly)).toFixed(1)}×; at this rate 200,000 loans all due on one day ≈ ${((stepMs / o.loans) * 200).toFixed(0)} s`,
  );
  await t.close();
}

// End of day at 1,000,000 customers (≈1.4 million accounts) on PostgreSQL: an ordinary day
// (accrual, snapshot, date advance …) and a month end (accrual, interest posting with WHT for every
// interest-bearing account, fees …), each step's time printed next to a bare SQL statement doing the
// same arithmetic without journals (the floor); the ledger and end-of-day invariants after each run;
// then the trial balance of random past dates of the last year (p50/p95). Runs go straight to the
// runner (no HTTP, no approval: what is measured is the run itself).
// On PostgreSQL the loan book runs too (about a loan per five customers, a tenth in arrears:
// bench/eod-loans.ts), each loan step beside its floor and its write floor (a bare SQL update doing
// the same arithmetic, which its target is judged on: ADR 0076), and the classification return for a
// past date.
//   TEST_DATABASE_URL=postgres://… npm run bench:eod [-- --customers N] [--loans N] [--database NAME] [--chunk ROWS] [--lanes N] [--drop] [--ordinary-only]
//   npm run bench:eod -- --embedded            (PGlite, demo-sized: 2,000 customers; target < 10 s)
// The database (default bm_bench_eod) is seeded only when it lacks the customers; each run moves its
// business date on (an ordinary working day, then the last business day of that month).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { EOD_STEP_LABELS, loanReportQuerySchema, type EodStep } from '@bankmanager/contracts';
import { openDatabase, type DbHandle } from '../server/src/db/client.ts';
import { runMigrations } from '../server/src/db/migrate.ts';
import { queryRows } from '../server/src/db/rows.ts';
import { seedBanking } from '../server/src/db/seed/banking/index.ts';
import { EodRunner } from '../server/src/modules/eod/index.ts';
import { insertSteps } from '../server/src/modules/eod/run-repository.ts';
import { buildTrialBalance } from '../server/src/modules/gl-reports/trial-balance.ts';
import { loanBookEodHooks } from '../server/src/modules/loan-book/index.ts';
import { classificationReturn } from '../server/src/modules/loan-reports/classification-return.ts';
import { loanAutoDebitEodHooks } from '../server/src/modules/loans/index.ts';
import { aggregateReportsEodHook } from '../server/src/modules/reporting/index.ts';
import { adminQuery, benchServerUrl, ensureCustomers, openBenchDatabase, percentile } from './support.ts';
import { floors, writeFloors } from './eod-floors.ts';
import { ensureLoans } from './eod-loans.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string' },
    loans: { type: 'string' },
    database: { type: 'string', default: 'bm_bench_eod' },
    chunk: { type: 'string', default: '20000' },
    // Chunks side by side in the interest posting and the fees (ADR 0089); the server's default.
    lanes: { type: 'string', default: '2' },
    embedded: { type: 'boolean', default: false },
    'tb-runs': { type: 'string', default: '20' },
    drop: { type: 'boolean', default: false },
    // Only the ordinary day (the loan steps' targets): no catch-up day, no month end.
    'ordinary-only': { type: 'boolean', default: false },
  },
});
const embedded = values.embedded;
const customers = Number(values.customers ?? (embedded ? 2000 : 1_000_000));
// The loan book on PostgreSQL only: the PGlite run is the demo-sized check of the deposit steps.
const loans = embedded ? 0 : Number(values.loans ?? Math.round(customers / 5));
let loansSeeded = false;
let failed = false;
const verdict = (ok: boolean) => (ok ? 'PASS' : ((failed = true), 'FAIL'));
const secs = (ms: number) => `${(ms / 1000).toFixed(1).padStart(7)} s`;

let dir: string | undefined;
let handle: DbHandle;
if (embedded) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-bench-eod-'));
  handle = await openDatabase({ dataDir: dir });
  await runMigrations(handle);
  const t = performance.now();
  await handle.db.transaction((tx) => seedBanking(tx, { customers, transactionsPerAccount: 15, seed: 232 }));
  console.log(
    `PGlite (embedded) · ${customers.toLocaleString('en-US')} customers seeded in ${secs(performance.now() - t)}`,
  );
} else {
  handle = await openBenchDatabase(benchServerUrl(), values.database);
  const t = performance.now();
  await runMigrations(handle);
  console.log(`migrations (incl. the end-of-day backfill on first run) ${secs(performance.now() - t)}`);
  const [server] = await queryRows<{ v: string; sb: string }>(
    handle.db,
    sql`select current_setting('server_version') as v, current_setting('shared_buffers') as sb`,
  );
  console.log(`PostgreSQL ${server!.v}, shared_buffers ${server!.sb}, ${os.cpus().length} cores`);
  await ensureCustomers(handle, values.database, customers);
  // A bench killed mid-run leaves its run and the cut-off behind: start clean (the loan seed posts).
  await handle.db.execute(
    sql`update eod_runs set status = 'cancelled' where status in ('awaiting_approval', 'queued', 'running', 'failed')`,
  );
  await handle.db.execute(sql`update bank_business_date set closing_run_id = null`);
  if (loans > 0) loansSeeded = await ensureLoans(handle, loans);
  await handle.db.execute(
    sql`vacuum analyze accounts, account_interest, transactions, journal_entries, gl_lines`,
  );
}
const db = handle.db;

/** Queues a run of the current business date (as an approved request would) and runs it to the end. */
/**
 * Seconds some task on the machine waited for a CPU or for I/O so far (Linux pressure stall
 * information), to tell a slow step from a slow machine: the difference over a run is printed with it.
 */
function pressure(): { cpu: number; io: number } {
  const some = (kind: string) => {
    try {
      const m = /some .*total=(\d+)/.exec(fs.readFileSync(`/proc/pressure/${kind}`, 'utf8'));
      return m ? Number(m[1]) / 1e6 : NaN;
    } catch {
      return NaN;
    }
  };
  return { cpu: some('cpu'), io: some('io') };
}

interface DayTimes {
  total: number;
  times: Record<EodStep, number>;
  rows: Record<EodStep, number>;
  floors: Partial<Record<EodStep, number>>;
  writeFloors: Partial<Record<EodStep, number>>;
  /** The auto-debit's debit-only floor (ADR 0076), printed beside the one it is judged on. */
  debitOnly: number;
  /** The classification's loans-only floor (ADR 0076), printed beside the one it is judged on (ADR 0087). */
  loansOnly: number;
}

async function runDay(label: string): Promise<DayTimes> {
  const [facts] = await queryRows<{ d: string; n: string; m: boolean; q: boolean }>(
    db,
    sql`select current_business_date()::text as d, next_working_day(current_business_date())::text as n,
               date_trunc('month', next_working_day(current_business_date())) > date_trunc('month', current_business_date()) as m,
               date_trunc('month', next_working_day(current_business_date())) > date_trunc('month', current_business_date())
                 and extract(month from current_business_date())::int % 3 = 0 as q`,
  );
  const [run] = await queryRows<{ id: string }>(
    db,
    sql`insert into eod_runs (business_date, next_business_date, month_end, quarter_end, status, requested_by, requested_email)
        values (${facts!.d}::date, ${facts!.n}::date, ${facts!.m}, ${facts!.q}, 'queued',
                -- The loan repayments a run writes name its requester, who must be on the staff.
                coalesce((select user_id from staff where approved order by user_id limit 1), gen_random_uuid()),
                'bench@bankmanager.sl')
        returning id::text`,
  );
  await insertSteps(db, Number(run!.id));
  // On the state the run meets: after it, the auto-debit's loans have nothing left to collect.
  const {
    floors: writeFloor,
    autoDebitDebitOnly,
    classificationLoansOnly,
  } = loans > 0
    ? await writeFloors(db, facts!.d)
    : { floors: {}, autoDebitDebitOnly: 0, classificationLoansOnly: 0 };
  const batch = await handle.openBatch(Number(values.lanes) + 1);
  const runner = new EodRunner(batch, {
    chunkRows: Number(values.chunk),
    lanes: Number(values.lanes),
    leaseSeconds: 600,
    pollMs: 3_600_000,
    log: { info: () => {}, error: (o) => console.error(o) },
    // The bench times end of day's own steps, the loan book's and the dashboards' daily figures (the
    // classification return for a past date reads them): no standing orders module, no till pre-check.
    hooks: {
      aggregateReports: aggregateReportsEodHook,
      ...(loans > 0 ? { loanBook: loanBookEodHooks, loanAutoDebit: loanAutoDebitEodHooks } : {}),
    },
  });
  const t = performance.now();
  const stalled = pressure();
  runner.kick();
  await runner.idle();
  const total = performance.now() - t;
  const after = pressure();
  await runner.stop();
  await batch.close();
  const [r] = await queryRows<{ status: string; error: string | null }>(
    db,
    sql`select status, error from eod_runs where id = ${run!.id}::bigint`,
  );
  const steps = await queryRows<{
    step: EodStep;
    ms: number;
    rows: string;
    status: string;
    note: string | null;
  }>(
    db,
    sql`select step, coalesce(extract(epoch from finished_at - started_at) * 1000, 0)::float8 as ms, rows_done::text as rows, status, note
          from eod_run_steps where run_id = ${run!.id}::bigint order by position`,
  );
  console.log(
    `\n${label}: business date ${facts!.d} → ${facts!.n} (run ${run!.id}: ${r!.status}) in ${secs(total)}`,
  );
  if (r!.error) console.log(`  error: ${r!.error}`);
  console.log(
    `  the machine meanwhile: tasks waited ${(after.cpu - stalled.cpu).toFixed(0)} s for a CPU, ${(after.io - stalled.io).toFixed(0)} s for I/O (pressure stall totals)`,
  );
  const floor = await floors(db, facts!.d);
  console.log(
    `  ${'step'.padEnd(54)}${'rows'.padStart(11)}${'time'.padStart(10)}${'floor'.padStart(10)}${loans > 0 ? 'write floor'.padStart(12) : ''}`,
  );
  const times = {} as Record<EodStep, number>;
  const rows = {} as Record<EodStep, number>;
  for (const s of steps) {
    times[s.step] = s.ms;
    rows[s.step] = Number(s.rows);
    const f = floor[s.step];
    const w = writeFloor[s.step];
    console.log(
      `  ${`${EOD_STEP_LABELS[s.step]}${s.status === 'skipped' ? ' (skipped)' : ''}`.padEnd(54)}${Number(s.rows).toLocaleString('en-US').padStart(11)}${secs(s.ms)}${f === undefined ? '         —' : secs(f)}${loans > 0 ? (w === undefined ? '           —' : `  ${secs(w)}`) : ''}`,
    );
  }
  const t2 = performance.now();
  const [ledger] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ledger_violations()`,
  );
  const eod = await queryRows<{ problem: string }>(db, sql`select problem from eod_violations()`);
  console.log(
    `  ${verdict(r!.status === 'completed' && ledger!.n === 0 && eod.length === 0)}  invariants: ledger_violations ${ledger!.n}, eod_violations ${eod.length}${
      eod.length
        ? ` (${eod
            .slice(0, 3)
            .map((e) => e.problem)
            .join('; ')})`
        : ''
    } [checked in ${secs(performance.now() - t2)}]`,
  );
  return {
    total,
    times,
    rows,
    floors: floor,
    writeFloors: writeFloor,
    debitOnly: autoDebitDebitOnly,
    loansOnly: classificationLoansOnly,
  };
}

/** Moves the business date forward to `date` (a bench jumps to the month's last business day). */
const jumpTo = (date: SQL) =>
  db.execute(sql`insert into bank_business_date (id, business_date) values (true, ${date})
                 on conflict (id) do update set business_date = excluded.business_date`);

/**
 * The month end, as a bank reaches it: the working day before the month's last one runs first (it
 * catches up the accrual of the days the bench jumped over, untimed), then the last one.
 */
async function runMonthEnd(): Promise<DayTimes> {
  const lastWorking = sql`(select max(x)::date from generate_series(current_business_date(),
                     (date_trunc('month', current_business_date()) + interval '1 month - 1 day')::date, interval '1 day') x
                    where is_working_day(x::date))`;
  const [before] = await queryRows<{ d: string | null }>(
    db,
    sql`select max(x)::date::text as d from generate_series(current_business_date(), ${lastWorking} - 1, interval '1 day') x
         where is_working_day(x::date)`,
  );
  if (before?.d) {
    await jumpTo(sql`${before.d}::date`);
    await runDay(
      'Catch-up day before the month end (not a target: it accrues every day the bench jumped over)',
    );
  }
  return runDay('Month end');
}

try {
  // Fresh copies have accrued nothing since their disbursement (up to 130 days ago): one untimed run
  // catches them up, as the nights since they were disbursed would have.
  if (loansSeeded)
    await runDay('Loans just seeded (not a target: it accrues each loan since its disbursement)');
  // An ordinary day: not the last business day of its month.
  const [d] = await queryRows<{ me: boolean }>(
    db,
    sql`select date_trunc('month', next_working_day(current_business_date())) > date_trunc('month', current_business_date()) as me`,
  );
  if (d!.me) await jumpTo(sql`next_working_day(current_business_date())`);
  const ordinary = await runDay('Ordinary day');
  const monthEnd = values['ordinary-only'] ? null : await runMonthEnd();

  const core = (t: Record<string, number>, steps: EodStep[]) => steps.reduce((s, k) => s + (t[k] ?? 0), 0);
  const ordinaryCore = core(ordinary.times, [
    'credit_accrual',
    'overdraft_accrual',
    'gl_snapshot',
    'advance_date',
  ]);
  const loanSteps: EodStep[] = ['loan_accrual', 'loan_auto_debit', 'loan_classification', 'loan_suspense'];
  // The classification return for a past date (the ordinary day's), from its daily loan snapshot.
  const returnMs: number[] = [];
  if (loans > 0) {
    const [past] = await queryRows<{ d: string }>(
      db,
      sql`select max(business_date)::text as d from loan_daily_status where business_date < current_business_date() - 1`,
    );
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await classificationReturn({
        db,
        date: past!.d,
        branch: null,
        query: loanReportQuerySchema.parse({}),
        page: null,
        userId: '00000000-0000-0000-0000-000000000000',
      });
      returnMs.push(performance.now() - t);
    }
  }
  console.log('\nTargets:');
  if (embedded) {
    console.log(
      `  ${verdict(ordinary.total < 10_000)}  demo-sized end of day on PGlite < 10 s — ${secs(ordinary.total)}`,
    );
  } else {
    console.log(
      `  ${verdict(ordinaryCore < 60_000)}  ordinary day (accrual, snapshot, date advance) < 60 s — ${secs(ordinaryCore)} (whole run ${secs(ordinary.total)})`,
    );
    if (monthEnd) {
      const monthCore = core(monthEnd.times, [
        'credit_accrual',
        'overdraft_accrual',
        'interest_posting',
        'accrual_after_posting',
        'gl_snapshot',
        'advance_date',
      ]);
      console.log(
        `  ${verdict(monthCore < 120_000)}  month end (accrual + interest posting with WHT, snapshot, advance) < 120 s — ${secs(monthCore)} (whole run with fees and dormancy ${secs(monthEnd.total)})`,
      );
    }
    if (loans > 0) {
      // Judged on the write floor (ADR 0076); the ratio to the read floor is printed beside it.
      for (const step of loanSteps) {
        const t = ordinary.times[step];
        const w = ordinary.writeFloors[step] ?? 0;
        console.log(
          `  ${verdict(t < 60_000 && t <= 3 * w)}  ordinary day: ${EOD_STEP_LABELS[step]} < 60 s and ≤ 3× its write floor — ${secs(t)}, ${(t / w).toFixed(1)}× (read floor ${(t / (ordinary.floors[step] ?? 1)).toFixed(1)}×${
            step === 'loan_auto_debit'
              ? `, debit-only floor ${(t / ordinary.debitOnly).toFixed(1)}×`
              : step === 'loan_classification'
                ? `, loans-only floor ${(t / ordinary.loansOnly).toFixed(1)}×`
                : ''
          }; ${ordinary.rows[step].toLocaleString('en-US')} loans)`,
        );
      }
      if (monthEnd) {
        console.log(
          `  ${verdict(monthEnd.total < 150_000)}  the whole month-end run with the loan steps < 150 s — ${secs(monthEnd.total)}`,
        );
        for (const step of ['interest_posting', 'fees'] as const)
          console.log(
            `  ${verdict(monthEnd.rows[step] / (monthEnd.times[step] / 1000) >= 15_000)}  month end: ${EOD_STEP_LABELS[step]} ≥ 15,000 postings/s — ${Math.round(monthEnd.rows[step] / (monthEnd.times[step] / 1000)).toLocaleString('en-US')}/s (${monthEnd.rows[step].toLocaleString('en-US')} accounts)`,
          );
      }
      returnMs.sort((a, b) => a - b);
      console.log(
        `  ${verdict(returnMs[returnMs.length - 1]! < 2000)}  classification return for a past date < 2 s — slowest of ${returnMs.length} ${returnMs[returnMs.length - 1]!.toFixed(0)} ms, median ${percentile(returnMs, 50).toFixed(0)} ms`,
      );
    }
  }
  // Trial balance of past dates from the snapshots: random dates of the last year.
  const [range] = await queryRows<{ today: string }>(db, sql`select current_business_date()::text as today`);
  const today = Date.parse(`${range!.today}T00:00:00Z`);
  const ms: number[] = [];
  const naive: number[] = [];
  for (let i = 0; i < Number(values['tb-runs']); i++) {
    const date = new Date(today - (1 + Math.floor(Math.random() * 364)) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const t = performance.now();
    const tb = await buildTrialBalance(db, date);
    ms.push(performance.now() - t);
    if (!tb.balanced) console.log(`  trial balance of ${date} does not balance`);
    if (i < 3) {
      const t3 = performance.now();
      await db.execute(sql`select gl_code, currency, sum(amount) from (
          select l.gl_code, l.currency, case l.side when 'debit' then l.amount else -l.amount end as amount
            from gl_lines l join journal_entries e on e.id = l.entry_id where e.business_date <= ${date}::date
          union all select a.ledger_code, a.currency, case t.direction when 'credit' then -t.amount else t.amount end
            from transactions t join accounts a on a.id = t.account_id join journal_entries e on e.id = t.entry_id
           where e.business_date <= ${date}::date) x group by 1, 2`);
      naive.push(performance.now() - t3);
    }
  }
  ms.sort((a, b) => a - b);
  naive.sort((a, b) => a - b);
  console.log(
    `  ${verdict(percentile(ms, 95) < 1000)}  trial balance for a past date (snapshot + that day's journals) p95 < 1 s — p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms over ${ms.length} random dates of the last year; naive (every line to that date) p50 ${percentile(naive, 50).toFixed(0)} ms`,
  );
} finally {
  await handle.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  if (values.drop && !embedded)
    await adminQuery(benchServerUrl(), `drop database if exists ${values.database} with (force)`);
}
process.exit(failed ? 1 : 0);

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LOAN_CLASS_LABELS, type LoanBook } from '@bankmanager/contracts';
import { eodStaffOf, runEndOfDay } from '../../../test/support/eod.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { loanScene } from '../../../test/support/loan-applications.ts';
import { disbursedLoan, loanBookProblems, moveCash, runLoanBook } from '../../../test/support/loan-book.ts';
import { refusalOf } from '../../../test/support/banking-fixtures.ts';
import { queryRows } from '../../db/rows.ts';
import { eodViolations } from '../eod/index.ts';
import { classifyLoanChunk } from './classification.ts';

/**
 * The nightly loan book through the real server (PGlite, or PostgreSQL with TEST_DATABASE_URL): the
 * accrual journal of a real end-of-day run, the true-up on the due date, a rerun that posts nothing,
 * Current → OLEM at 31 days past due, the invariants after each, and GET /api/loans/:id/book.
 */
describe('loan book: accrual, days past due and classification', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;
  let loanId = 0;
  let firstDue = '';
  let firstInterest = '';
  let principal = '';

  const one = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) =>
    (await queryRows<T>(t.app.db, q))[0]!;
  const counts = () =>
    one<{ v: string }>(
      sql`select (select count(*) from journal_entries) || '/' || (select count(*) from gl_lines) || '/' ||
                 (select coalesce(sum(interest_receivable), 0) from loans) || '/' ||
                 (select count(*) from loan_daily_status) as v`,
    ).then((r) => r.v);
  /** A day's status row written by hand, bypassing the step (no path of the application does this). */
  const statusRow = (day: string, loan: number, cls: string) =>
    t.app.db.execute(
      sql`insert into loan_daily_status (business_date, loan_id, dpd, loan_class, principal_outstanding,
                                         interest_receivable, overdue_amount)
          values (${day}::date, ${loan}, 0, ${cls}, 0, 0, 0)`,
    );
  const loan = () =>
    one<{ recv: string; cls: string; dpd: number; through: string; period: string }>(
      sql`select l.interest_receivable::text as recv, l.loan_class as cls, l.days_past_due as dpd,
                 l.accrued_through::text as through, l.period_booked::text as period
            from loans l where l.id = ${loanId}`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    s = await loanScene(t.app);
    loanId = await disbursedLoan(t.app, s);
    const r = await one<{ due: string; interest: string; principal: string }>(
      sql`select i.due_date::text as due, i.interest_due::text as interest, l.amount_financed::text as principal
            from loan_instalments i join loans l on l.id = i.loan_id
           where i.loan_id = ${loanId} and i.instalment_number = 1`,
    );
    firstDue = r.due;
    firstInterest = r.interest;
    principal = r.principal;
  });
  afterAll(() => t.close());

  it('a real end of day accrues actual/365 to the day before the next business date: Dr 1421, Cr 4011, exact', async () => {
    // Friday 27 November: the run covers Saturday and Sunday too (six days since the disbursement).
    await t.app.db.execute(
      sql`update bank_business_date set business_date = '2026-11-27', closing_run_id = null`,
    );
    const staff = eodStaffOf(
      t,
      await s.makeStaff('superuser', 'eodmaker'),
      await s.makeStaff('superuser', 'eodchecker'),
      await s.makeStaff('activated', 'eodclerk'),
    );
    const run = await runEndOfDay(t, staff, { acknowledgeSuspense: true });
    expect(run.status).toBe('completed');
    const daily = (Number(principal) * 24) / 36500;
    const expected = (Math.round(daily * 6 * 1e10) / 1e10).toFixed(2);
    expect(await loan()).toMatchObject({ recv: expected, cls: 'current', dpd: 0, through: '2026-11-29' });
    const lines = await queryRows<{ gl: string; side: string; amount: string }>(
      t.app.db,
      sql`select g.gl_code as gl, g.side, g.amount::text from gl_lines g join journal_entries e on e.id = g.entry_id
           where e.reference like 'EOD-2026-11-27-loan_accrual-%' order by g.side desc`,
    );
    expect(lines).toEqual([
      { gl: '1421', side: 'debit', amount: expected },
      { gl: '4011', side: 'credit', amount: expected },
    ]);
    const accrual = run.steps.find((x) => x.step === 'loan_accrual')!;
    expect(accrual).toMatchObject({ status: 'done', totals: { 'SLE interest booked': expected } });
    const cls = run.steps.find((x) => x.step === 'loan_classification')!;
    expect(cls.totals).toEqual({ [`${LOAN_CLASS_LABELS.current} loans`]: '1' });
    expect(await loanBookProblems(t.app)).toEqual([]);
    expect(await eodViolations(t.app.db)).toEqual([]);
  });

  it('on the due date the period closes at exactly the instalment interest (the true-up), and a rerun posts nothing', async () => {
    await runLoanBook(t.app, firstDue);
    const l = await loan();
    expect(l).toMatchObject({ recv: firstInterest, through: firstDue, period: '0.00' });
    const up = await one<{ true_up: string }>(
      sql`select sum(true_up)::text as true_up from loan_accrual_daily where business_date = ${firstDue}::date`,
    );
    // The days' accrual from the disbursement to the due date, rounded once, against the schedule.
    const days = (Date.parse(firstDue) - Date.parse('2026-11-23')) / 86_400_000;
    const accrued = Math.round(((Number(principal) * 24) / 36500) * days * 100) / 100;
    expect(up.true_up).toBe((Number(firstInterest) - accrued).toFixed(2));
    const before = await counts();
    await runLoanBook(t.app, firstDue);
    expect(await counts()).toBe(before);
    expect(await loanBookProblems(t.app)).toEqual([]);
  });

  it('a missed instalment: Current at 30 days past due, OLEM at 31, stored per day; accrual goes on', async () => {
    const plus = (n: number) =>
      new Date(Date.parse(`${firstDue}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    await runLoanBook(t.app, plus(30));
    expect(await loan()).toMatchObject({ cls: 'current', dpd: 30 });
    await runLoanBook(t.app, plus(31));
    const l = await loan();
    expect(l).toMatchObject({ cls: 'olem', dpd: 31, through: plus(31) });
    expect(Number(l.recv)).toBeGreaterThan(Number(firstInterest));
    const day = await one<{ dpd: number; cls: string; overdue: string; recv: string }>(
      sql`select dpd, loan_class as cls, overdue_amount::text as overdue, interest_receivable::text as recv
            from loan_daily_status where loan_id = ${loanId} and business_date = ${plus(31)}::date`,
    );
    const inst1 = await one<{ due: string }>(
      sql`select (principal_due + interest_due + fee_due + penalty_due)::text as due from loan_instalments
           where loan_id = ${loanId} and instalment_number = 1`,
    );
    expect(day).toEqual({ dpd: 31, cls: 'olem', overdue: inst1.due, recv: l.recv });
    const audit = await queryRows<{ details: { moves: unknown[] } }>(
      t.app.db,
      sql`select details from audit_log where action = 'eod.loan_classification' order by id desc limit 1`,
    );
    expect(audit[0]!.details.moves).toEqual([{ from: 'current', to: 'olem', loans: 1 }]);
    expect(await loanBookProblems(t.app)).toEqual([]);
  });

  it('GET /api/loans/:id/book: class, days past due and the last days; branch-scoped, 404, 401', async () => {
    const res = await s.call('GET', `/api/loans/${loanId}/book`, s.officer);
    expect(res.statusCode).toBe(200);
    const book = res.json<LoanBook>();
    expect(book).toMatchObject({
      loanId,
      loanClass: 'olem',
      loanClassLabel: LOAN_CLASS_LABELS.olem,
      daysPastDue: 31,
      performing: true,
    });
    expect(book.history[0]).toMatchObject({ daysPastDue: 31, loanClass: 'olem' });
    expect((await s.call('GET', `/api/loans/${loanId}/book`, s.awayOfficer)).statusCode).toBe(403);
    expect((await s.call('GET', '/api/loans/999999/book', s.officer)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/loans/${loanId}/book` })).statusCode).toBe(401);
    expect((await s.call('GET', '/api/loans/abc/book', s.officer)).statusCode).toBe(400);
  });

  it('a loan settled on a date already in the snapshot is not in that date’s rows after its end of day', async () => {
    const other = await disbursedLoan(t.app, s);
    const { d: day } = await one<{ d: string }>(sql`select current_business_date()::text as d`);
    await runLoanBook(t.app, day);
    const rowsOf = (id: number) =>
      one<{ n: number }>(
        sql`select count(*)::int as n from loan_daily_status where business_date = ${day}::date and loan_id = ${id}`,
      ).then((r) => r.n);
    expect(await rowsOf(other)).toBe(1);
    const { acct } = await one<{ acct: string }>(
      sql`select a.account_number as acct from loans l join accounts a on a.id = l.repayment_account_id where l.id = ${other}`,
    );
    await moveCash(t.app, acct, '1000.00', 'credit');
    const quote = (await s.call('GET', `/api/loans/${other}/payoff`, s.officer)).json<{ total: string }>();
    const settled = await s.call('POST', `/api/loans/${other}/settle`, s.officer, {
      fromAccount: acct,
      amount: quote.total,
      reference: `SNAP-${other}`,
    });
    expect(settled.json()).toMatchObject({ loanStatus: 'Closed' });
    await runLoanBook(t.app, day);
    expect(await rowsOf(other)).toBe(0);
    expect(await rowsOf(loanId)).toBe(1);
    const [snap] = await queryRows<{ p: string }>(
      t.app.db,
      sql`select sum(principal_outstanding)::text as p from loan_daily_status where business_date = ${day}::date`,
    );
    const [gl] = await queryRows<{ p: string }>(
      t.app.db,
      sql`select sum(-a.balance)::text as p from loans l join accounts a on a.id = l.account_id`,
    );
    expect(snap!.p).toBe(gl!.p);
    expect(await loanBookProblems(t.app)).toEqual([]);
  });

  it('a chunk clears the date’s rows past its cursor, so a run resumed there leaves none stale and keeps the rest', async () => {
    const { d: day } = await one<{ d: string }>(sql`select current_business_date()::text as d`);
    await runLoanBook(t.app, day);
    const upTo = (id: number) =>
      queryRows<{ loan_id: number; dpd: number; loan_class: string }>(
        t.app.db,
        sql`select loan_id, dpd, loan_class from loan_daily_status
             where business_date = ${day}::date and loan_id <= ${id} order by loan_id`,
      );
    const kept = await upTo(loanId);
    expect(kept.map((r) => r.loan_id)).toContain(loanId);
    // A row past the cursor that this run did not write (the demo's, an earlier run's) for a loan no
    // longer in the book: the status rows' loan is not a foreign key (ADR 0078), so any id will do.
    const gone = 2_000_000_000;
    await statusRow(day, gone, 'current');
    // End of day resumes a step at its saved cursor: here, right after the first loan.
    await t.app.db.transaction((tx) =>
      classifyLoanChunk(tx, {
        businessDate: day,
        through: day,
        cursor: loanId,
        limit: 50,
        runId: 0,
        actor: { id: null, email: 'eod@test' },
      }),
    );
    expect(
      await one<{ n: number }>(
        sql`select count(*)::int as n from loan_daily_status where business_date = ${day}::date and loan_id = ${gone}`,
      ),
    ).toEqual({ n: 0 });
    expect(await upTo(loanId)).toEqual(kept);
    // One row for each loan in the book, none for any other.
    const book = await one<{ rows: number; active: number }>(
      sql`select (select count(*)::int from loan_daily_status where business_date = ${day}::date) as rows,
                 (select count(*)::int from loans where status = 'Active') as active`,
    );
    expect(book.rows).toBe(book.active);
    expect(await loanBookProblems(t.app)).toEqual([]);
  });

  it('keeps a day’s status to the five class codes, the classes to those five, and every loan with its history', async () => {
    const status = (loan: number, cls: string) => statusRow('2031-01-01', loan, cls);
    expect(await refusalOf(status(loanId, 'watch'))).toBe('loan_daily_status_class_check');
    // The status rows' loan is not a foreign key (ADR 0078): what it guarded, a loan deleted or
    // renumbered under its history, is refused on the loan itself.
    expect(await refusalOf(t.app.db.execute(sql`delete from loans where id = ${loanId}`))).toBe('loans_kept');
    expect(
      await refusalOf(t.app.db.execute(sql`update loans set id = 2000000000 where id = ${loanId}`)),
    ).toBe('loans_kept');
    expect(await one<{ n: number }>(sql`select count(*)::int as n from loans where id = ${loanId}`)).toEqual({
      n: 1,
    });
    expect(
      await refusalOf(
        t.app.db.execute(sql`insert into loan_classes (code, position, min_dpd, max_dpd, performing)
                             values ('watch', 99, 9000, null, false)`),
      ),
    ).toBe('loan_classes_code_check');
    // The same row with a known class and loan goes in: the refusals above are the checks, not the row.
    expect(await refusalOf(status(loanId, 'current'))).toBe('posted');
    await t.app.db.execute(sql`delete from loan_daily_status where business_date = '2031-01-01'`);
  });
});

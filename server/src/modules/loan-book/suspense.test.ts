import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fromCents, toCents, type LoanBook } from '@bankmanager/contracts';
import { eodStaffOf, runEndOfDay } from '../../../test/support/eod.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { loanScene } from '../../../test/support/loan-applications.ts';
import {
  disbursedLoan,
  loanBookProblems,
  moveCash,
  repayUpTo,
  runLoanBook,
} from '../../../test/support/loan-book.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * Interest in suspense and late-payment penalties through the real server (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): a Salary Loan (5% of the overdue instalment after 5 days' tolerance) never
 * paid is penalised after the tolerance and not before, once per instalment; at 91 days past due a
 * real end of day moves its unpaid interest and penalties out of income into suspense; the next day's
 * accrual goes to suspense, not income; reruns post nothing; a repayment moves what it collects from
 * suspense to income and its reversal puts it back exactly; the book route shows it all.
 */
describe('loan book: interest in suspense and penalties', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;
  let loanId = 0;
  const FIRST_DUE = '2026-12-23';
  const plus = (n: number) =>
    new Date(Date.parse(`${FIRST_DUE}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

  const rows = <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => queryRows<T>(t.app.db, q);
  const loan = async () =>
    (
      await rows<{ cls: string; recv: string; isusp: string; precv: string; psusp: string }>(
        sql`select loan_class as cls, interest_receivable::text as recv, interest_in_suspense::text as isusp,
                   penalty_receivable::text as precv, penalty_in_suspense::text as psusp from loans where id = ${loanId}`,
      )
    )[0]!;
  /** Everything that changes when anything posts or moves. */
  const counts = async () =>
    (
      await rows<{ v: string }>(
        sql`select (select count(*) from journal_entries) || '/' || (select count(*) from gl_lines) || '/' ||
                   (select count(*) from loan_penalty_charges) || '/' ||
                   (select concat_ws(':', interest_receivable, interest_in_suspense, penalty_receivable, penalty_in_suspense)
                      from loans where id = ${loanId}) || '/' ||
                   (select sum(penalty_due) from loan_instalments where loan_id = ${loanId}) as v`,
      )
    )[0]!.v;
  /** The GL lines of the entries whose reference starts so, netted per GL and side. */
  const linesOf = (like: string) =>
    rows<{ gl: string; side: string; amount: string }>(
      sql`select g.gl_code as gl, g.side, sum(g.amount)::text as amount
            from gl_lines g join journal_entries e on e.id = g.entry_id
           where e.reference like ${like} group by g.gl_code, g.side order by g.side desc, g.gl_code`,
    );
  const penaltyOf = async (n: number) => {
    const [i] = await rows<{ due: string }>(
      sql`select (principal_due + interest_due + fee_due)::text as due from loan_instalments
           where loan_id = ${loanId} and instalment_number = ${n}`,
    );
    // 5% of the instalment, half up to the cent.
    return fromCents((toCents(i!.due) * 5n + 50n) / 100n);
  };

  beforeAll(async () => {
    t = await createTestApp();
    s = await loanScene(t.app);
    loanId = await disbursedLoan(t.app, s);
    // The borrower's account is emptied: nothing for end of day's auto-debit to collect.
    const [a] = await rows<{ acct: string; balance: string }>(
      sql`select a.account_number as acct, a.balance::text from loans l join accounts a on a.id = l.repayment_account_id
           where l.id = ${loanId}`,
    );
    await moveCash(t.app, a!.acct, a!.balance, 'debit');
  });
  afterAll(() => t.close());

  it('no penalty within the tolerance; the day after it, once: Dr 1422, Cr 4040; a rerun posts nothing', async () => {
    await runLoanBook(t.app, plus(5));
    expect(await loan()).toMatchObject({ cls: 'current', precv: '0.00' });
    await runLoanBook(t.app, plus(6));
    const p1 = await penaltyOf(1);
    expect(await loan()).toMatchObject({ precv: p1, psusp: '0.00' });
    expect(await linesOf(`EOD-${plus(6)}-loan_suspense-%`)).toEqual([
      { gl: '1422', side: 'debit', amount: p1 },
      { gl: '4040', side: 'credit', amount: p1 },
    ]);
    const [i] = await rows<{ pen: string }>(
      sql`select penalty_due::text as pen from loan_instalments where loan_id = ${loanId} and instalment_number = 1`,
    );
    expect(i!.pen).toBe(p1);
    const before = await counts();
    await runLoanBook(t.app, plus(6));
    expect(await counts()).toBe(before);
    // The next day accrues, but the instalment is never charged again.
    await runLoanBook(t.app, plus(7));
    expect(await loan()).toMatchObject({ precv: p1 });
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from loan_penalty_charges`);
    expect(n!.n).toBe(1);
    expect(await loanBookProblems(t.app)).toEqual([]);
  });

  it('at 91 days past due a real end of day moves unpaid interest and penalties into suspense', async () => {
    await runLoanBook(t.app, plus(90));
    const olem = await loan();
    expect(olem).toMatchObject({ cls: 'olem', isusp: '0.00', psusp: '0.00' });
    const penalties = [await penaltyOf(1), await penaltyOf(2), await penaltyOf(3)];
    const totalPenalties = fromCents(penalties.reduce((a, p) => a + toCents(p), 0n));
    expect(olem.precv).toBe(totalPenalties);

    await t.app.db.execute(
      sql`update bank_business_date set business_date = ${plus(91)}::date, closing_run_id = null`,
    );
    const staff = eodStaffOf(
      t,
      await s.makeStaff('superuser', 'eodmaker'),
      await s.makeStaff('superuser', 'eodchecker'),
      await s.makeStaff('activated', 'eodclerk'),
    );
    const run = await runEndOfDay(t, staff, { acknowledgeSuspense: true });
    expect(run.status).toBe('completed');
    const l = await loan();
    expect(l).toMatchObject({
      cls: 'substandard',
      isusp: l.recv,
      precv: totalPenalties,
      psusp: totalPenalties,
    });
    const [moved] = await rows<{ interest: string; penalty: string }>(
      sql`select interest::text, penalty::text from loan_suspense_moves where loan_id = ${loanId}`,
    );
    // The day's accrual (through the day before the next business date) went to income first, as the
    // loan was still OLEM when it ran: all of it is moved.
    expect(moved).toEqual({ interest: l.recv, penalty: totalPenalties });
    const total = fromCents(toCents(l.recv) + toCents(totalPenalties));
    expect(await linesOf(`EOD-${plus(91)}-loan_suspense-%`)).toEqual([
      { gl: '4011', side: 'debit', amount: l.recv },
      { gl: '4040', side: 'debit', amount: totalPenalties },
      { gl: '1428', side: 'credit', amount: total },
    ]);
    const step = run.steps.find((x) => x.step === 'loan_suspense')!;
    expect(step).toMatchObject({
      status: 'done',
      totals: {
        'SLE interest moved to suspense': l.recv,
        'SLE penalties moved to suspense': totalPenalties,
        'loans moved to suspense': '1',
      },
    });
    expect(await loanBookProblems(t.app)).toEqual([]);
  });

  it('the next day accrues into suspense, not income (Dr 1421, Cr 1428); a rerun posts nothing', async () => {
    const before = await loan();
    const day = plus(92);
    await runLoanBook(t.app, plus(92));
    const after = await loan();
    const grew = fromCents(toCents(after.recv) - toCents(before.recv));
    expect(toCents(grew)).toBeGreaterThan(0n);
    expect(fromCents(toCents(after.isusp) - toCents(before.isusp))).toBe(grew);
    expect(await linesOf(`EOD-${day}-loan_accrual-%`)).toEqual([
      { gl: '1421', side: 'debit', amount: grew },
      { gl: '1428', side: 'credit', amount: grew },
    ]);
    const [daily] = await rows<{ suspended: string }>(
      sql`select sum(suspended)::text as suspended from loan_accrual_daily where business_date = ${day}::date`,
    );
    expect(daily!.suspended).toBe(grew);
    const c = await counts();
    await runLoanBook(t.app, day);
    expect(await counts()).toBe(c);
    expect(await loanBookProblems(t.app)).toEqual([]);
  });

  it('a repayment moves what it collects from suspense to income; its reversal puts all of it back', async () => {
    // Four months without a movement made the borrower's account dormant at that end of day.
    await t.app.db.execute(
      sql`update accounts set status = 'Active' where id = (select repayment_account_id from loans where id = ${loanId})`,
    );
    const before = await loan();
    const [i1] = await rows<{ interest: string; penalty: string }>(
      sql`select interest_due::text as interest, penalty_due::text as penalty from loan_instalments
           where loan_id = ${loanId} and instalment_number = 1`,
    );
    // Instalment 1's penalty then its interest (the product's order): both held in suspense.
    const pay = fromCents(toCents(i1!.penalty) + toCents(i1!.interest));
    const entryId = (await repayUpTo(t.app, s, loanId, pay))!;
    const less = (x: string, y: string) => fromCents(toCents(x) - toCents(y));
    expect(await loan()).toEqual({
      ...before,
      recv: less(before.recv, i1!.interest),
      isusp: less(before.isusp, i1!.interest),
      precv: less(before.precv, i1!.penalty),
      psusp: less(before.psusp, i1!.penalty),
    });
    const [r] = await rows<{ ifs: string; pr: string; pfs: string; reference: string }>(
      sql`select interest_from_suspense::text as ifs, penalty_receivable::text as pr, penalty_from_suspense::text as pfs,
                 reference from loan_repayments where entry_id = ${entryId}`,
    );
    expect(r).toMatchObject({ ifs: i1!.interest, pr: i1!.penalty, pfs: i1!.penalty });
    const lines = await linesOf(`LNR-${r!.reference}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        { gl: '1428', side: 'debit', amount: fromCents(toCents(r!.ifs) + toCents(r!.pfs)) },
        { gl: '1421', side: 'credit', amount: r!.ifs },
        { gl: '1422', side: 'credit', amount: r!.pr },
        { gl: '4011', side: 'credit', amount: r!.ifs },
        { gl: '4040', side: 'credit', amount: r!.pfs },
      ]),
    );
    expect(await loanBookProblems(t.app)).toEqual([]);

    const asked = await s.call('POST', `/api/journal-entries/${entryId}/reversal`, s.mgr2, {
      reason: 'Posted to the wrong loan',
      reference: `RV-SUSP-${entryId}`,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const ok = await s.call('POST', `/api/approvals/${asked.json().approvalId}/approve`, s.mgr);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await loan()).toEqual(before);
    expect(await loanBookProblems(t.app)).toEqual([]);
  });

  it('GET /api/loans/:id/book shows the suspense and every penalty charged', async () => {
    const res = await s.call('GET', `/api/loans/${loanId}/book`, s.officer);
    expect(res.statusCode).toBe(200);
    const book = res.json<LoanBook>();
    const l = await loan();
    expect(book).toMatchObject({
      loanClass: 'substandard',
      performing: false,
      interestReceivable: l.recv,
      interestInSuspense: l.isusp,
      penaltyReceivable: l.precv,
      penaltyInSuspense: l.psusp,
    });
    expect(book.penalties.map((p) => [p.instalmentNumber, p.suspended])).toEqual([
      [3, false],
      [2, false],
      [1, false],
    ]);
    expect(book.penalties[2]).toMatchObject({ businessDate: plus(6), amount: await penaltyOf(1) });
  });
});

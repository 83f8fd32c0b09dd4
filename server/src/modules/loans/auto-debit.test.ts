import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { eodStaffOf, runEndOfDay } from '../../../test/support/eod.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { loanScene } from '../../../test/support/loan-applications.ts';
import { loanBookProblems } from '../../../test/support/loan-book.ts';
import { setBusinessDate, trialBalance } from '../../../test/support/loans.ts';
import {
  autoDebitDay,
  dueDateOf,
  loansWithPayAccounts,
  setAvailable,
} from '../../../test/support/auto-debit.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * The end-of-day auto-debit of instalments due (ADR 0061), PGlite or PostgreSQL (TEST_DATABASE_URL):
 * a real run on the due date collects in full before classification; a short balance is collected in
 * part and never overdrawn; an overdraft limit is used, a hold is not; a rerun posts nothing; a loan
 * not yet due is untouched; the books balance throughout.
 */
describe('loans: auto-debit on the due date', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;
  let due1 = '';
  type Loan = Awaited<ReturnType<typeof loansWithPayAccounts>>[number];
  const loans: Loan[] = [];

  const one = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) =>
    (await queryRows<T>(t.app.db, q))[0]!;
  const repayments = (loanId: number) =>
    queryRows<{ reference: string; channel: string; amount: string; principal: string; interest: string }>(
      t.app.db,
      sql`select reference, channel, amount::text, principal::text, interest::text
            from loan_repayments where loan_id = ${loanId} order by id`,
    );
  const balance = (id: number) =>
    one<{ b: string }>(sql`select balance::text as b from accounts where id = ${id}`).then((r) => r.b);
  const counts = () =>
    one<{ v: string }>(
      sql`select (select count(*) from journal_entries) || '/' || (select count(*) from loan_repayments) || '/' ||
                 (select sum(principal_paid + interest_paid) from loan_instalments) as v`,
    ).then((r) => r.v);
  const balanced = async () => {
    for (const r of await trialBalance(t.app)) expect(r.net, r.currency).toBe('0.00');
    expect(await loanBookProblems(t.app)).toEqual([]);
  };

  beforeAll(async () => {
    t = await createTestApp();
    s = await loanScene(t.app);
    loans.push(...(await loansWithPayAccounts(t.app, s, 4)));
    due1 = await dueDateOf(t.app, loans[0]!.loanId);
  });
  afterAll(() => t.close());

  it('leaves a loan not yet due untouched', async () => {
    const dayBefore = new Date(Date.parse(`${due1}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const before = await counts();
    await autoDebitDay(t.app, dayBefore);
    expect(await counts()).toBe(before);
  });

  it('a short balance is collected in part and never overdrawn; an overdraft limit is used, a hold is not', async () => {
    const [, short, overdraft] = loans;
    // Le 500.00 available: a hold of 100.00 on a balance of 600.00.
    await setAvailable(t.app, short!.payId, { balance: '600.00', hold: '100.00' });
    // Nothing in the account but an overdraft limit of Le 1,000.00.
    await setAvailable(t.app, overdraft!.payId, { balance: '0.00', overdraft: '1000.00' });
    await setBusinessDate(t.app, due1);
    expect(await autoDebitDay(t.app, due1)).toEqual([]);
    expect(await repayments(short!.loanId)).toEqual([
      {
        reference: `AD-${short!.loanId}-${due1}`,
        channel: 'auto_debit',
        amount: '500.00',
        // Oldest due first, the product's order (interest before principal).
        principal: '100.00',
        interest: '400.00',
      },
    ]);
    expect(await balance(short!.payId)).toBe('100.00');
    expect(await repayments(overdraft!.loanId)).toMatchObject([{ amount: '1000.00', interest: '400.00' }]);
    expect(await balance(overdraft!.payId)).toBe('-1000.00');
    const schedule = await one<{ paid: string; dpd: number }>(
      sql`select (principal_paid + interest_paid)::text as paid, 0 as dpd
            from loan_instalments where loan_id = ${short!.loanId} and instalment_number = 1`,
    );
    expect(schedule.paid).toBe('500.00');
    await balanced();
  });

  it('collects a due instalment in full: one balanced journal from the repayment account, audited', async () => {
    const full = loans[0]!;
    const lines = await queryRows<{ what: string; side: string; amount: string }>(
      t.app.db,
      sql`select coalesce(a.account_number, l.gl_code) as what, l.side, l.amount::text
            from journal_entries e join journal_lines l on l.entry_id = e.id
            left join accounts a on a.id = l.account_id
           where e.reference = ${`LNR-AD-${full.loanId}-${due1}`} and e.source = 'end_of_day'
           order by l.side desc, l.amount desc`,
    );
    expect(lines).toEqual([
      { what: full.custAccount, side: 'debit', amount: '1891.19' },
      { what: full.loanAccount, side: 'credit', amount: '1491.19' },
      { what: '4011', side: 'credit', amount: '400.00' },
    ]);
    const paid = await one<{ state: string }>(
      sql`select (principal_paid = principal_due and interest_paid = interest_due)::text as state
            from loan_instalments where loan_id = ${full.loanId} and instalment_number = 1`,
    );
    expect(paid.state).toBe('true');
    const audit = await one<{ details: { channel: string; amount: string } }>(
      sql`select details from audit_log where action = 'loan.repay' and target_id = ${String(full.loanId)}
           order by id desc limit 1`,
    );
    expect(audit.details).toMatchObject({ channel: 'auto_debit', amount: '1891.19' });
    await balanced();
  });

  it('a rerun of the date posts nothing twice, even after money arrives', async () => {
    const short = loans[1]!;
    await setAvailable(t.app, short.payId, { balance: '5000.00' });
    const before = await counts();
    expect(await autoDebitDay(t.app, due1)).toEqual([]);
    expect(await counts()).toBe(before);
    expect(await repayments(short.loanId)).toHaveLength(1);
  });

  it('a real end-of-day run collects before classification, so the loan collected is not past due', async () => {
    const last = loans[3]!;
    const next = (
      await one<{ d: string }>(
        sql`select to_char(due_date, 'YYYY-MM-DD') as d from loan_instalments
             where loan_id = ${last.loanId} and instalment_number = 2`,
      )
    ).d;
    await t.app.db.execute(
      sql`update bank_business_date set business_date = ${next}::date, closing_run_id = null`,
    );
    const staff = eodStaffOf(
      t,
      await s.makeStaff('superuser', 'admaker'),
      await s.makeStaff('superuser', 'adchecker'),
      await s.makeStaff('activated', 'adclerk'),
    );
    const run = await runEndOfDay(t, staff, { acknowledgeSuspense: true });
    expect(run.status, JSON.stringify(run.steps.filter((x) => x.error))).toBe('completed');
    const names = run.steps.map((x) => x.step);
    expect(names.indexOf('loan_accrual')).toBeLessThan(names.indexOf('loan_auto_debit'));
    expect(names.indexOf('loan_auto_debit')).toBeLessThan(names.indexOf('loan_classification'));
    const step = run.steps.find((x) => x.step === 'loan_auto_debit')!;
    expect(step.status).toBe('done');
    // Instalment 1 on its date (above), instalment 2 by the run on its date.
    expect(await repayments(last.loanId)).toMatchObject([
      { reference: `AD-${last.loanId}-${due1}`, amount: '1891.19' },
      {
        reference: `AD-${last.loanId}-${next}`,
        channel: 'auto_debit',
        amount: '1891.19',
        interest: '370.18',
      },
    ]);
    expect(step.totals).toMatchObject({ 'Loans debited': expect.any(String) });
    const l = await one<{ dpd: number }>(
      sql`select days_past_due as dpd from loans where id = ${last.loanId}`,
    );
    expect(l.dpd).toBe(0);
    const chunkAudit = await one<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'eod.loan_auto_debit' and target_id = ${String(run.id)}`,
    );
    expect(chunkAudit.n).toBeGreaterThan(0);
    // Every chunk went set-based: none fell back to the per-loan service.
    const perLoan = await one<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'eod.loan_auto_debit' and target_id = ${String(run.id)}
             and (details->>'perLoan' <> '0' or details ? 'bulkRefusal')`,
    );
    expect(perLoan.n).toBe(0);
    await balanced();
  });
});

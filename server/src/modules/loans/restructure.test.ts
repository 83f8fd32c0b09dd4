import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  APPROVAL_TEXT,
  LOAN_GRADING_TEXT as G,
  PERMISSION_TEXT,
  toCents,
  type LoanGrading,
  type LoanRepaymentRow,
} from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { loanScene } from '../../../test/support/loan-applications.ts';
import { disbursedLoan, loanBookProblems, runLoanBook } from '../../../test/support/loan-book.ts';
import { setBusinessDate } from '../../../test/support/eod.ts';
import { disbursedLoan as loanWithAccount, topUp } from '../../../test/support/loans.ts';
import { TODAY } from '../../../test/support/products.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * Restructuring through the real server (PGlite, or PostgreSQL with TEST_DATABASE_URL): the remaining
 * schedule replaced by the engine's with golden figures and the old rows kept as history, the loan
 * held at Substandard by end of day, arrears capitalised only with `loans.capitalise`, and the refusals.
 */
describe('loan restructuring', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;

  const rows = (loanId: number) =>
    queryRows<{ n: number; due: string; p: string; i: string; pp: string }>(
      t.app.db,
      sql`select instalment_number as n, due_date::text as due, principal_due::text as p, interest_due::text as i,
                 principal_paid::text as pp
            from loan_instalments where loan_id = ${loanId} order by instalment_number`,
    );
  const owed = async (loanId: number) =>
    (
      await queryRows<{ v: string }>(
        t.app.db,
        sql`select (-a.balance)::text as v from loans l join accounts a on a.id = l.account_id where l.id = ${loanId}`,
      )
    )[0]!.v;
  const unpaidPrincipal = (r: Awaited<ReturnType<typeof rows>>) =>
    r.reduce((sum, x) => sum + toCents(x.p) - toCents(x.pp), 0n);
  const approve = (who: typeof s.officer, id: string) => s.call('POST', `/api/approvals/${id}/approve`, who);
  const ask = (who: typeof s.officer, loanId: number, body: Record<string, unknown>) =>
    s.call('POST', `/api/loans/${loanId}/restructure`, who, { reason: 'Salary cut by half', ...body });

  beforeAll(async () => {
    t = await createTestApp();
    s = await loanScene(t.app);
  });
  afterAll(() => t.close());

  it('replaces the remaining schedule with the engine’s (golden figures) and keeps the old rows as history', async () => {
    const loanId = await disbursedLoan(t.app, s);
    const old = await rows(loanId);
    // Le 20,000 at 24% over 12 months from 23 November 2026: EMI Le 1,891.19.
    expect(old[0]).toMatchObject({ due: '2026-12-23', p: '1491.19', i: '400.00' });
    await runLoanBook(t.app, '2026-12-10');
    const asked = await ask(s.officer, loanId, { effectiveDate: '2026-12-10', rate: '20', term: 18 });
    expect(asked.statusCode).toBe(202);
    const ok = await approve(s.mgr, asked.json<{ approvalId: string }>().approvalId);
    expect(ok.statusCode).toBe(200);

    const now = await rows(loanId);
    expect(now).toHaveLength(18);
    // 18 months at 20% on Le 20,000 from 10 December (EMI Le 1,295.26; interest Le 333.33), the first
    // carrying the broken period on the old terms: 17 days at 24% on Le 20,000 = Le 223.56.
    expect(now[0]).toEqual({ n: 1, due: '2027-01-11', p: '961.93', i: '556.89', pp: '0.00' });
    expect(now[1]).toMatchObject({ n: 2, due: '2027-02-10', p: '977.96', i: '317.30' });
    expect(now.at(-1)).toMatchObject({ n: 18, due: '2028-06-12' });
    expect(unpaidPrincipal(now)).toBe(toCents(await owed(loanId)));
    const [l] = await queryRows<{ rate: string; term: number; restructured: boolean }>(
      t.app.db,
      sql`select rate::text, term, restructured from loans where id = ${loanId}`,
    );
    expect(l).toEqual({ rate: '20.0000', term: 18, restructured: true });

    const read = await s.call('GET', `/api/loans/${loanId}/grading`, s.officer);
    const g = read.json<LoanGrading>();
    expect(g).toMatchObject({ restructured: true, curedPayments: 0, manualClass: null });
    expect(g.restructurings).toHaveLength(1);
    expect(g.restructurings[0]).toMatchObject({
      effectiveDate: '2026-12-10',
      oldRate: '24.0000',
      newRate: '20.0000',
      oldTerm: 12,
      newTerm: 18,
      principal: '20000.00',
      capitalisedArrears: '0.00',
      requestedBy: s.officer.email,
      approvedBy: s.mgr.email,
    });
    expect(g.restructurings[0]!.replaced).toHaveLength(12);
    expect(g.restructurings[0]!.replaced[0]).toMatchObject({
      instalmentNumber: 1,
      dueDate: '2026-12-23',
      principalDue: '1491.19',
      interestDue: '400.00',
    });

    // End of day holds a restructured loan at Substandard at least, though nothing is past due.
    await runLoanBook(t.app, '2026-12-11');
    const [c] = await queryRows<{ cls: string; dpd: number }>(
      t.app.db,
      sql`select loan_class as cls, days_past_due as dpd from loans where id = ${loanId}`,
    );
    expect(c).toEqual({ cls: 'substandard', dpd: 0 });
    expect(await loanBookProblems(t.app)).toEqual([]);
  });

  it('capitalising arrears needs loans.capitalise; overdue principal joins the new schedule, its interest stays due', async () => {
    await setBusinessDate(t.app, TODAY);
    const loanId = await disbursedLoan(t.app, s);
    // The first instalment (due 23 December) is left unpaid: 5 days past due on the 28th.
    await runLoanBook(t.app, '2026-12-28');
    const denied = await ask(s.officer, loanId, {
      effectiveDate: '2026-12-28',
      term: 12,
      capitaliseArrears: true,
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({
      error: PERMISSION_TEXT.denied('loans.capitalise'),
      details: { permission: 'loans.capitalise' },
    });
    const asked = await ask(s.head, loanId, {
      effectiveDate: '2026-12-28',
      term: 12,
      capitaliseArrears: true,
    });
    expect(asked.statusCode).toBe(202);
    const approvalId = asked.json<{ approvalId: string }>().approvalId;
    const own = await approve(s.head, approvalId);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ error: APPROVAL_TEXT.ownRequest });
    expect((await approve(s.mgr, approvalId)).statusCode).toBe(200);

    const now = await rows(loanId);
    expect(now[0]).toMatchObject({ n: 1, due: '2026-12-23', p: '0.00', i: '400.00' });
    expect(now).toHaveLength(13);
    expect(unpaidPrincipal(now.slice(1))).toBe(toCents('20000.00'));
    expect(unpaidPrincipal(now)).toBe(toCents(await owed(loanId)));
    const [h] = await queryRows<{ cap: string; principal: string }>(
      t.app.db,
      sql`select capitalised_arrears::text as cap, principal::text from loan_restructurings where loan_id = ${loanId}`,
    );
    expect(h).toEqual({ cap: '1491.19', principal: '20000.00' });
    expect(await loanBookProblems(t.app)).toEqual([]);
  });

  it('refuses a date before the business date, a rate or term outside the product, nothing to change, a closed loan', async () => {
    const loanId = await disbursedLoan(t.app, s);
    const field = async (body: Record<string, unknown>, path: string, message?: string) => {
      const res = await ask(s.officer, loanId, body);
      expect(res.statusCode).toBe(400);
      const details = res.json<{ details: { path: string; message: string }[] }>().details;
      expect(details[0]).toMatchObject({ path, ...(message ? { message } : {}) });
    };
    await field({ effectiveDate: '2026-12-27', term: 12 }, '/effectiveDate', G.effectiveDate);
    await field({ effectiveDate: '2026-12-28', rate: '35' }, '/rate', G.rateOutside('18', '30'));
    await field({ effectiveDate: '2026-12-28', term: 48 }, '/term', G.termOutside(3, 36));
    await field({ effectiveDate: '2026-12-28' }, '/rate', G.nothingToChange);
    await field({ effectiveDate: '2026-02-30', term: 12 }, '/effectiveDate');
    await t.app.db.execute(sql`update loans set status = 'Closed' where id = ${loanId}`);
    const closed = await ask(s.officer, loanId, { effectiveDate: '2026-12-28', term: 12 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ error: G.notActive });
    expect(
      (
        await queryRows(
          t.app.db,
          sql`select 1 from approval_requests where subject_id = ${String(loanId)} and type = 'loan.restructure'`,
        )
      ).length,
    ).toBe(0);
  });

  it('lists the repayments with their entries; one made before a restructuring is never reversed', async () => {
    await setBusinessDate(t.app, TODAY);
    const l = await loanWithAccount(t.app, s);
    await topUp(t.app, l.custAccount, '5000.00');
    const paid = await s.call('POST', `/api/loans/${l.loanId}/repayments`, s.officer, {
      reference: `RS-${Date.now()}`,
      fromAccount: l.custAccount,
      amount: '500.00',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const list = await s.call('GET', `/api/loans/${l.loanId}/repayments`, s.officer);
    expect(list.statusCode).toBe(200);
    const [row] = list.json<{ rows: LoanRepaymentRow[] }>().rows;
    expect(row).toMatchObject({ amount: '500.00', reversed: false, channel: 'transfer' });
    expect((await s.call('GET', `/api/loans/${l.loanId}/repayments`, s.awayOfficer)).statusCode).toBe(403);

    const asked = await ask(s.officer, l.loanId, { effectiveDate: TODAY, term: 24 });
    expect(asked.statusCode, asked.body).toBe(202);
    expect((await approve(s.mgr, asked.json<{ approvalId: string }>().approvalId)).statusCode).toBe(200);
    const reversal = await s.call('POST', `/api/journal-entries/${row!.entryId}/reversal`, s.mgr2, {
      reason: 'Posted to the wrong loan',
      reference: `RSV-${Date.now()}`,
    });
    expect(reversal.statusCode).toBe(409);
    expect(reversal.json()).toMatchObject({
      error: G.restructuredRepayment,
      details: { code: 'restructured_since' },
    });
    expect(await loanBookProblems(t.app)).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { fromCents } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { loanScene } from '../../../test/support/loan-applications.ts';
import { disbursedLoan, setBusinessDate, topUp, trialBalance } from '../../../test/support/loans.ts';
import { TODAY } from '../../../test/support/products.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * Reversal of a loan repayment through the four-eyes reversal of its journal entry (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL): newest first, the allocation undone exactly (schedule, interest
 * receivable, balances, a closed loan reopened), one balanced reversing entry, never twice; and the
 * property: any repayment, then its reversal, leaves the loan exactly as it was.
 */
describe('loans: reversal of a repayment', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;
  let n = 0;
  const ref = () => `RV-${Date.now()}-${++n}`;

  beforeAll(async () => {
    t = await createTestApp();
    s = await loanScene(t.app);
  });
  afterAll(() => t.close());

  /** Everything a repayment touches: the schedule, the loan's row, both accounts' balances. */
  const stateOf = async (loanId: number, custAccount: string) =>
    (
      await queryRows<{ v: string }>(
        t.app.db,
        sql`select (select string_agg(concat_ws(':', instalment_number, due_date, principal_due, interest_due, fee_due,
                      penalty_due, principal_paid, interest_paid, fee_paid, penalty_paid), ',' order by instalment_number)
                    from loan_instalments where loan_id = ${loanId})
                 || '/' || (select concat_ws(':', status, closed_on, interest_receivable) from loans where id = ${loanId})
                 || '/' || (select balance from accounts where id = (select account_id from loans where id = ${loanId}))
                 || '/' || (select balance from accounts where account_number = ${custAccount}) as v`,
      )
    )[0]!.v;

  const entryOf = async (reference: string) =>
    Number(
      (
        await queryRows<{ id: string }>(
          t.app.db,
          sql`select entry_id::text as id from loan_repayments where reference = ${reference}`,
        )
      )[0]!.id,
    );

  const repay = async (loanId: number, body: Record<string, unknown>, path = 'repayments') => {
    const r = await s.call('POST', `/api/loans/${loanId}/${path}`, s.officer, { reference: ref(), ...body });
    if (r.statusCode !== 201) throw new Error(`repay: ${r.statusCode} ${r.body}`);
    return r.json<{ reference: string }>().reference;
  };

  const ask = (who: StaffUser, entryId: number) =>
    s.call('POST', `/api/journal-entries/${entryId}/reversal`, who, {
      reason: 'Posted to the wrong loan',
      reference: ref(),
    });

  /** Asked by one Branch Manager, approved by another: the reversal posts. */
  const reverse = async (entryId: number) => {
    const asked = await ask(s.mgr2, entryId);
    if (asked.statusCode !== 202) throw new Error(`ask: ${asked.statusCode} ${asked.body}`);
    const id = asked.json<{ approvalId: string }>().approvalId;
    const ok = await s.call('POST', `/api/approvals/${id}/approve`, s.mgr);
    if (ok.statusCode !== 200) throw new Error(`approve: ${ok.statusCode} ${ok.body}`);
  };

  it('newest first; each reversal undoes its repayment exactly, in one balanced entry, once', async () => {
    await setBusinessDate(t.app, TODAY);
    const l = await disbursedLoan(t.app, s);
    await t.app.db.execute(sql`update loans set interest_receivable = 150.00 where id = ${l.loanId}`);
    const fresh = await stateOf(l.loanId, l.custAccount);
    const first = await repay(l.loanId, { fromAccount: l.custAccount, amount: '1000.00' });
    const afterFirst = await stateOf(l.loanId, l.custAccount);
    const second = await repay(l.loanId, { fromAccount: l.custAccount, amount: '891.19' });
    const [e1, e2] = [await entryOf(first), await entryOf(second)];

    // The older one cannot go while the later one stands: refused at the request, nothing asked.
    const older = await ask(s.mgr2, e1);
    expect(older.statusCode, older.body).toBe(409);
    expect(older.json().details).toMatchObject({ code: 'not_newest_repayment' });
    // The maker may not approve their own request.
    const own = await ask(s.mgr2, e2);
    expect(own.statusCode).toBe(202);
    const self = await s.call('POST', `/api/approvals/${own.json().approvalId}/approve`, s.mgr2);
    expect(self.statusCode).toBeGreaterThanOrEqual(400);
    await s.call('POST', `/api/approvals/${own.json().approvalId}/reject`, s.mgr, { reason: 'Not this way' });

    await reverse(e2);
    expect(await stateOf(l.loanId, l.custAccount)).toBe(afterFirst);
    await reverse(e1);
    expect(await stateOf(l.loanId, l.custAccount)).toBe(fresh);

    // One reversing entry per repayment, balanced, named on the repayment; the loan's audit says so.
    const marked = await queryRows<{ reversed: boolean }>(
      t.app.db,
      sql`select r.reversal_entry_id = e.id as reversed from loan_repayments r
          join journal_entries e on e.reversal_of = r.entry_id where r.loan_id = ${l.loanId} order by r.id`,
    );
    expect(marked).toEqual([{ reversed: true }, { reversed: true }]);
    for (const b of await trialBalance(t.app)) expect(b.net, b.currency).toBe('0.00');
    const audit = (await s.call('GET', `/api/loans/${l.loanId}`, s.officer)).json();
    expect(
      audit.audit.filter((a: { action: string }) => a.action === 'loan.repayment_reversed'),
    ).toHaveLength(2);

    const again = await ask(s.mgr2, e1);
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toMatchObject({ code: 'already_reversed' });
  });

  it('reversing a settlement reopens the loan with the schedule it rewrote', async () => {
    await setBusinessDate(t.app, TODAY);
    const l = await disbursedLoan(t.app, s);
    // Settled on the day of disbursement: the payoff is the principal; the account holds the net.
    await topUp(t.app, l.custAccount, '600.00');
    const funded = await stateOf(l.loanId, l.custAccount);
    const q = (await s.call('GET', `/api/loans/${l.loanId}/payoff`, s.officer)).json();
    const settled = await repay(l.loanId, { fromAccount: l.custAccount, amount: q.total }, 'settle');
    expect((await s.call('GET', `/api/loans/${l.loanId}`, s.officer)).json().status).toBe('Closed');
    await reverse(await entryOf(settled));
    expect(await stateOf(l.loanId, l.custAccount)).toBe(funded);
    expect((await s.call('GET', `/api/loans/${l.loanId}`, s.officer)).json().status).toBe('Active');
  });

  it('property: any repayment (paid ahead or prepaid), then its reversal, restores the loan exactly', async () => {
    await setBusinessDate(t.app, TODAY);
    const l = await disbursedLoan(t.app, s);
    await t.app.db.execute(sql`update loans set interest_receivable = 120.00 where id = ${l.loanId}`);
    const fresh = await stateOf(l.loanId, l.custAccount);
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.integer({ min: 1, max: 600_000 }), async (prepay, cents) => {
        // Paid ahead: at most the first instalment; prepaid: any part of the principal.
        const amount = prepay ? cents : 1 + (cents % 189_119);
        const reference = await repay(l.loanId, {
          fromAccount: l.custAccount,
          amount: fromCents(BigInt(amount)),
          overpayment: prepay ? 'prepay' : 'refuse',
        });
        await reverse(await entryOf(reference));
        expect(await stateOf(l.loanId, l.custAccount)).toBe(fresh);
      }),
      { numRuns: 6 },
    );
    for (const b of await trialBalance(t.app)) expect(b.net, b.currency).toBe('0.00');
  });
});

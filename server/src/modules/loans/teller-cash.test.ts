import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { loanScene } from '../../../test/support/loan-applications.ts';
import { disbursedLoan, setBusinessDate, trialBalance } from '../../../test/support/loans.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { BRANCH, fundVault, leones, ref } from '../../../test/support/teller.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * A cash loan repayment is the till's transaction too (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * one journal (the loans module's), one `teller_transactions` row naming it, so the session's
 * journal and cash-in tally, the receipt and the day's CTR aggregation (with the customer's
 * deposits) all see it; a retry adds neither.
 */
describe('loans: cash repayments at the till', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;
  let teller: StaffUser;
  let sessionId = '';

  beforeAll(async () => {
    // A low CTR threshold: an instalment and a deposit of one customer on one day pass it together.
    t = await createTestApp({ ctrThreshold: { SLE: '3000.00', USD: '1000.00' } });
    s = await loanScene(t.app);
    await fundVault(t.app, BRANCH, '100000.00', '100.00');
    teller = await s.makeStaff('activated', 'ltcteller');
    await setRoles(t.app, teller.userId, ['teller'], BRANCH);
  });
  afterAll(() => t.close());

  const entryOf = async (reference: string) =>
    (
      await queryRows<{ id: string }>(
        t.app.db,
        sql`select id::text from journal_entries where reference = ${`LNR-${reference}`}`,
      )
    )[0]!.id;

  it('writes one posted teller row naming the repayment’s entry: journal, tally, receipt, CTR', async () => {
    const l = await disbursedLoan(t.app, s);
    const [d] = await queryRows<{ d: string }>(
      t.app.db,
      sql`select to_char(due_date, 'YYYY-MM-DD') as d from loan_instalments where loan_id = ${l.loanId} and instalment_number = 1`,
    );
    await setBusinessDate(t.app, d!.d);
    const opened = await s.call('POST', '/api/teller/sessions', teller, {
      reference: ref('OPEN'),
      tillCode: 'TILL-LTC-1',
      currency: 'SLE',
      allocation: leones('1000.00'),
    });
    expect(opened.statusCode, opened.body).toBe(201);
    sessionId = opened.json<{ id: string }>().id;
    const deposit = await s.call('POST', '/api/teller/deposits', teller, {
      reference: ref('DEP'),
      accountNumber: l.custAccount,
      amount: '1500.00',
      partyName: 'Fatmata Kamara',
      partyIdNumber: 'SL-ID-77',
    });
    expect(deposit.statusCode, deposit.body).toBe(201);

    const body = {
      amount: '1891.19',
      reference: ref('LNR'),
      partyName: 'Fatmata Kamara',
      partyIdNumber: 'SL-ID-77',
    };
    const r = await s.call('POST', `/api/loans/${l.loanId}/cash-repayments`, teller, body);
    expect(r.statusCode, r.body).toBe(201);
    // A retry answers the first repayment and adds no second till row.
    expect((await s.call('POST', `/api/loans/${l.loanId}/cash-repayments`, teller, body)).statusCode).toBe(
      200,
    );

    const rows = await queryRows<Record<string, unknown>>(
      t.app.db,
      sql`select t.kind, t.status, t.amount::text as amount, t.account_number as account, t.party_id_number as id,
            t.ctr_flag as ctr, e.reference, t.entry_id = r.entry_id as same_entry
          from teller_transactions t join journal_entries e on e.id = t.entry_id
          join loan_repayments r on r.reference = ${body.reference}
          where t.session_id = ${sessionId}::uuid and t.kind = 'loan_repayment'`,
    );
    expect(rows).toEqual([
      {
        kind: 'loan_repayment',
        status: 'posted',
        amount: '1891.19',
        account: l.loanAccount,
        id: 'SL-ID-77',
        ctr: false,
        reference: `LNR-${body.reference}`,
        same_entry: true,
      },
    ]);

    // The till's journal lists it, and its cash-in tally counts it beside the deposit.
    const journal = await s.call('GET', `/api/teller/sessions/${sessionId}/transactions`, teller);
    expect(journal.statusCode, journal.body).toBe(200);
    expect(journal.json()[0]).toMatchObject({
      kind: 'loan_repayment',
      amount: '1891.19',
      accountNumber: l.loanAccount,
      entryReference: `LNR-${body.reference}`,
    });
    const session = await s.call('GET', `/api/teller/sessions/${sessionId}`, teller);
    expect(session.json()).toMatchObject({ deposits: { count: 2, amount: '3391.19' } });

    // The customer's receipt, from the repayment's entry.
    const entryId = await entryOf(body.reference);
    const receipt = await s.call('GET', `/api/journal-entries/${entryId}/receipt.pdf`, teller);
    expect(receipt.statusCode, receipt.body.slice(0, 200)).toBe(200);
    expect(receipt.headers['content-type']).toContain('application/pdf');

    // Le 1,500 deposited and Le 1,891.19 repaid in cash the same day: one CTR of Le 3,391.19 cash in.
    const ctr = await s.call('GET', `/api/ctr-reports?from=${d!.d}&to=${d!.d}`, s.mgr);
    expect(ctr.statusCode, ctr.body).toBe(200);
    const mine = ctr.json<{ custId: number; direction: string; total: string; count: number }[]>();
    expect(mine.find((x) => x.custId === l.custId)).toMatchObject({
      direction: 'in',
      total: '3391.19',
      count: 2,
    });

    for (const b of await trialBalance(t.app)) expect(b.net, b.currency).toBe('0.00');
  });
});

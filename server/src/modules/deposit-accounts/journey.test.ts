import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPROVAL_TEXT } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import {
  CASH_GL,
  depositScene,
  testCustomer,
  unbalancedCurrencies,
} from '../../../test/support/deposit-accounts.ts';
import { SUSPENSE_GL } from '../../../test/support/banking-fixtures.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * An account's whole life over HTTP: open → approve → activate → deposit → hold (available drops) →
 * release → debit block (withdrawal refused) → unblock → close with payout to zero, in one balanced
 * journal; the trial balance nets to zero after every step.
 */
describe('an account from opening to closing', () => {
  let t: TestApp;
  let cso: StaffUser, mgr: StaffUser, mgr2: StaffUser, boss: StaffUser;
  const call = (who: StaffUser, method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers: { authorization: who.auth }, payload });
  const balanced = async () => expect(await unbalancedCurrencies(t.app)).toEqual([]);
  const manage = async (n: string) => (await call(mgr, 'GET', `/api/accounts/${n}/manage`)).json();
  const post = (n: string, direction: string, amount: string, reference: string) =>
    call(boss, 'POST', `/api/accounts/${n}/transactions`, {
      direction,
      amount,
      description: direction,
      reference,
      counter_account: SUSPENSE_GL,
    });
  const approve = (who: StaffUser, id: string) => call(who, 'POST', `/api/approvals/${id}/approve`, {});

  beforeAll(async () => {
    t = await createTestApp();
    ({ cso, mgr, mgr2, boss } = await depositScene(t.app));
  });
  afterAll(() => t.close());

  /** Opens and activates an account for the customer; returns its number. */
  async function activeAccount(custId: number, productCode = 'TS-SAV'): Promise<string> {
    const opened = await call(cso, 'POST', '/api/accounts', { custId, productCode });
    expect(opened.statusCode, opened.body).toBe(202);
    const { approvalId, accountNumber } = opened.json();
    expect((await approve(mgr, approvalId)).statusCode).toBe(200);
    const act = await call(cso, 'POST', `/api/accounts/${accountNumber}/status`, {
      action: 'activate',
      reason: 'Ready',
    });
    expect(act.statusCode, act.body).toBe(200);
    return accountNumber as string;
  }

  it('neither offers nor allows "Mark dormant" on an account opened on the business date', async () => {
    const n = await activeAccount(await testCustomer(t.app));
    const actionsOf = async () =>
      (await call(boss, 'GET', `/api/accounts/${n}/manage`)).json<{ actions: string[] }>().actions;
    expect(await actionsOf()).not.toContain('mark_dormant');
    const refused = await call(boss, 'POST', `/api/accounts/${n}/status`, {
      action: 'mark_dormant',
      reason: 'Quiet',
    });
    expect([refused.statusCode, refused.json().details?.code]).toEqual([409, 'transition_not_allowed']);
    // The same account a day older: the action is offered.
    await t.app.db.execute(
      sql`update accounts set opened_on = current_business_date() - 1 where account_number = ${n}`,
    );
    expect(await actionsOf()).toContain('mark_dormant');
  });

  it('walks the whole lifecycle with four-eyes, holds and blocks, and closes to zero', async () => {
    const custId = await testCustomer(t.app);
    const opened = await call(cso, 'POST', '/api/accounts', {
      custId,
      productCode: 'TS-SAV',
      reference: 'OPEN-J1',
    });
    expect(opened.statusCode, opened.body).toBe(202);
    const { approvalId, accountNumber: n } = opened.json();
    expect(n).toMatch(/^101\d{10}$/);
    // Idempotent by reference: the same answer, nothing new.
    expect(
      (
        await call(cso, 'POST', '/api/accounts', { custId, productCode: 'TS-SAV', reference: 'OPEN-J1' })
      ).json(),
    ).toEqual({ approvalId, accountNumber: n });
    expect((await manage(n)).status).toBe('Submitted');
    // A Submitted account takes no posting (the trigger refuses it).
    expect((await post(n, 'credit', '1', 'J-EARLY')).json().details.code).toBe('account_not_active');
    // The maker cannot approve (no approvals.decide); a checker approves.
    expect((await approve(cso, approvalId)).statusCode).toBe(403);
    expect((await approve(mgr, approvalId)).statusCode).toBe(200);
    expect((await manage(n)).status).toBe('Approved');
    const act = await call(cso, 'POST', `/api/accounts/${n}/status`, {
      action: 'activate',
      reason: 'Documents seen',
    });
    expect([act.statusCode, act.json().status]).toEqual([200, 'Active']);
    await balanced();

    expect((await post(n, 'credit', '1000.00', 'J-DEP')).statusCode).toBe(201);
    await balanced();
    const hold = await call(mgr, 'POST', `/api/accounts/${n}/holds`, {
      amount: '300',
      reason: 'Cheque in clearing',
    });
    expect(hold.statusCode, hold.body).toBe(201);
    let v = await manage(n);
    expect([v.balance, v.held, v.available, v.holds.length]).toEqual(['1000.00', '300.00', '700.00', 1]);
    // A debit into the held funds is refused in the posting transaction; one within available is not.
    expect((await post(n, 'debit', '800', 'J-W1')).json().details.code).toBe('insufficient_available');
    expect((await post(n, 'debit', '100', 'J-W2')).statusCode).toBe(201);
    await balanced();
    const rel = await call(mgr, 'DELETE', `/api/accounts/${n}/holds/${hold.json().id}`);
    expect([rel.statusCode, rel.json().releasedBy]).toEqual([200, mgr.email]);
    v = await manage(n);
    expect([v.held, v.available]).toEqual(['0.00', '900.00']);

    const blk = await call(mgr, 'POST', `/api/accounts/${n}/status`, {
      action: 'block_debit',
      reason: 'Garnishee order',
    });
    expect([blk.statusCode, blk.json().status, blk.json().blockKind]).toEqual([200, 'Blocked', 'debit']);
    expect((await post(n, 'debit', '10', 'J-W3')).json().details.code).toBe('debit_blocked');
    expect((await post(n, 'credit', '100', 'J-DEP2')).statusCode).toBe(201);
    await balanced();

    // Unblock is four-eyes: the maker (mgr) cannot approve their own request, another manager can.
    const un = await call(mgr, 'POST', `/api/accounts/${n}/status`, {
      action: 'unblock',
      reason: 'Order lifted',
    });
    expect(un.statusCode, un.body).toBe(202);
    const own = await approve(mgr, un.json().approvalId);
    expect([own.statusCode, own.json().error]).toEqual([409, APPROVAL_TEXT.ownRequest]);
    expect((await approve(mgr2, un.json().approvalId)).statusCode).toBe(200);
    expect((await manage(n)).status).toBe('Active');

    // Close with the remainder paid to another account of the same customer.
    const payout = await activeAccount(custId);
    const close = await call(cso, 'POST', `/api/accounts/${n}/status`, {
      action: 'close',
      reason: 'Customer request',
      payoutAccount: payout,
    });
    expect(close.statusCode, close.body).toBe(202);
    expect((await approve(mgr, close.json().approvalId)).statusCode).toBe(200);
    v = await manage(n);
    expect([v.status, v.balance, v.closedOn]).toEqual(['Closed', '0.00', expect.any(String)]);
    expect((await manage(payout)).balance).toBe('995.00'); // 1000 in − 100 out + 100 in − 5.00 closure fee
    const lines = await queryRows<{ kind: string; gl_code: string; side: string; amount: string }>(
      t.app.db,
      sql`select l.kind, l.gl_code, l.side, l.amount::text from journal_lines l
          join journal_entries e on e.id = l.entry_id where e.reference like 'CLOSE-%' order by l.side, l.amount`,
    );
    expect(lines).toEqual(
      [
        { kind: 'customer', gl_code: '2020', side: 'credit', amount: '995.00' },
        { kind: 'gl', gl_code: '4020', side: 'credit', amount: '5.00' },
        { kind: 'customer', gl_code: '2020', side: 'debit', amount: '1000.00' },
      ].sort((a, b) => a.side.localeCompare(b.side) || Number(a.amount) - Number(b.amount)),
    );
    await balanced();
    expect(await queryRows(t.app.db, sql`select problem from ledger_violations()`)).toEqual([]);
  });

  it('pays the remainder out in cash (the branch teller cash) when no payout account is given', async () => {
    const n = await activeAccount(await testCustomer(t.app), 'TS-CUR');
    expect((await post(n, 'credit', '40', 'J-C1')).statusCode).toBe(201);
    const close = await call(cso, 'POST', `/api/accounts/${n}/status`, {
      action: 'close',
      reason: 'Moving away',
    });
    expect((await approve(mgr2, close.json().approvalId)).statusCode).toBe(200);
    expect((await manage(n)).balance).toBe('0.00');
    const [cash] = await queryRows<{ amount: string }>(
      t.app.db,
      sql`select l.amount::text from journal_lines l join journal_entries e on e.id = l.entry_id
          where e.reference = ${`CLOSE-${close.json().approvalId}`.slice(0, 40)} and l.gl_code = ${CASH_GL}`,
    );
    expect(cash).toEqual({ amount: '40.00' });
    await balanced();
  });

  it('a rejected or withdrawn opening leaves a Rejected account', async () => {
    const custId = await testCustomer(t.app);
    const a = (await call(cso, 'POST', '/api/accounts', { custId, productCode: 'TS-SAV' })).json();
    const rej = await call(mgr, 'POST', `/api/approvals/${a.approvalId}/reject`, { reason: 'Wrong product' });
    expect(rej.statusCode, rej.body).toBe(200);
    expect((await manage(a.accountNumber)).status).toBe('Rejected');
    const b = (await call(cso, 'POST', '/api/accounts', { custId, productCode: 'TS-SAV' })).json();
    expect((await call(cso, 'POST', `/api/approvals/${b.approvalId}/withdraw`, {})).statusCode).toBe(200);
    expect((await manage(b.accountNumber)).status).toBe('Rejected');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPROVAL_TEXT, PROMOTER_COOLING_OFF_DAYS } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { openTestAccount } from '../../../test/support/banking-fixtures.ts';
import { postTestEntry } from '../../../test/support/journal-entries.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * A superuser alone used to defeat four-eyes: post any amount at once, make a self-registered
 * account a superuser, and have that account approve their own requests. Each attack, over HTTP.
 */
describe('a lone superuser', () => {
  let t: TestApp;
  let sup1: StaffUser, sup2: StaffUser, recruit: StaffUser;
  let from: string, to: string;
  let n = 0;

  const call = (who: StaffUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: who.auth }, ...(payload ? { payload } : {}) });
  const transfer = (who: StaffUser, amount: string) =>
    call(who, 'POST', '/api/transfers', {
      from_account: from,
      to_account: to,
      amount,
      narration: 'Insider test',
      reference: `INSIDER-SU-${process.pid}-${++n}`,
    });
  const balance = async (number: string) =>
    (
      await queryRows<{ b: string }>(
        t.app.db,
        sql`select balance::text as b from accounts where account_number = ${number}`,
      )
    )[0]!.b;
  const inbox = async (who: StaffUser) =>
    (await call(who, 'GET', '/api/approvals?scope=decide')).json().map((a: { id: string }) => a.id);

  beforeAll(async () => {
    t = await createTestApp();
    const s = await staffUsers(t.app);
    sup1 = await s.make('superuser', 'sup1');
    sup2 = await s.make('superuser', 'sup2');
    recruit = await s.make('pending', 'recruit');
    const numbers: string[] = [];
    for (const _ of [1, 2]) {
      const { accountId } = await openTestAccount(t.app.db, { type: 'Current' });
      await postTestEntry(t.app.db, [
        { accountId, side: 'credit', amount: '5000000.00' },
        { gl: '1900', side: 'debit', amount: '5000000.00', currency: 'SLE' },
      ]);
      const [a] = await queryRows<{ n: string }>(
        t.app.db,
        sql`select account_number as n from accounts where id = ${accountId}`,
      );
      numbers.push(a!.n);
    }
    [from, to] = numbers as [string, string];
  });
  afterAll(() => t.close());

  it('cannot move any amount without a second person (no role: no limit)', async () => {
    for (const amount of ['1000000.00', '1.00']) {
      const res = await transfer(sup1, amount);
      expect(res.statusCode, res.body).toBe(202);
    }
    expect(await balance(from)).toBe('5000000.00');
  });

  it('cannot make a superuser alone: the grant waits for another superuser', async () => {
    const asked = await call(sup1, 'POST', `/api/admin/staff/${recruit.userId}/grant-superuser`);
    expect(asked.statusCode).toBe(202);
    expect(asked.json().user).toMatchObject({ isSuperuser: false, status: 'pending' });
    const { approvalId } = asked.json();
    expect((await call(recruit, 'GET', '/api/admin/staff')).statusCode).toBe(403);

    const own = await call(sup1, 'POST', `/api/approvals/${approvalId}/approve`);
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe(APPROVAL_TEXT.ownRequest);
    // The person promoted can never approve their own promotion.
    expect((await call(recruit, 'POST', `/api/approvals/${approvalId}/approve`)).statusCode).toBe(403);

    expect((await call(sup2, 'POST', `/api/approvals/${approvalId}/approve`)).statusCode).toBe(200);
    expect((await call(recruit, 'GET', '/api/admin/staff')).statusCode).toBe(200);
  });

  it('the new superuser cannot approve the promoter’s requests, nor the promoter theirs, for the cooling-off period', async () => {
    // Both hold approval limits, so only the promotion stands in the way.
    for (const u of [recruit, sup2]) await setRoles(t.app, u.userId, ['supervisor'], 'T01');
    const { approvalId } = (await transfer(sup1, '500000.00')).json();
    expect(await inbox(recruit)).not.toContain(approvalId);
    const refused = await call(recruit, 'POST', `/api/approvals/${approvalId}/approve`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(APPROVAL_TEXT.promotedByYou(PROMOTER_COOLING_OFF_DAYS));

    const mine = (await transfer(recruit, '500000.00')).json().approvalId as string;
    expect(await inbox(sup2)).not.toContain(mine);
    expect((await call(sup2, 'POST', `/api/approvals/${mine}/approve`)).statusCode).toBe(403);

    // Someone the maker did not promote may approve.
    expect(await inbox(sup2)).toContain(approvalId);
    expect((await call(sup2, 'POST', `/api/approvals/${approvalId}/approve`)).statusCode).toBe(200);
    expect(await balance(from)).toBe('4500000.00');
  });

  it('after the cooling-off period the promotion no longer stands in the way', async () => {
    await t.app.db.execute(
      sql`update approval_requests set decided_at = now() - make_interval(days => ${PROMOTER_COOLING_OFF_DAYS + 1})
          where type = 'staff.superuser'`,
    );
    const { approvalId } = (await transfer(sup1, '400000.00')).json();
    expect((await call(recruit, 'POST', `/api/approvals/${approvalId}/approve`)).statusCode).toBe(200);
  });
});

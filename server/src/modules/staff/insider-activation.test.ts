import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { openTestAccount } from '../../../test/support/banking-fixtures.ts';
import { postTestEntry } from '../../../test/support/journal-entries.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * Activation used to hand a self-registered account the Officer role (postings, transfers, every
 * branch), on the word of one administrator. Now it grants nothing; roles come from a four-eyes
 * role change. The attack, over HTTP: IT Security activates a stranger who then moves money.
 */
describe('activation of a self-registered account', () => {
  let t: TestApp;
  let admin: StaffUser, stranger: StaffUser;
  let from: string, to: string;

  const call = (who: StaffUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: who.auth }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    const s = await staffUsers(t.app);
    admin = await s.make('activated', 'itsec');
    await setRoles(t.app, admin.userId, ['it_security']);
    stranger = await s.make('pending', 'stranger');
    const numbers: string[] = [];
    for (const _ of [1, 2]) {
      const { accountId } = await openTestAccount(t.app.db);
      await postTestEntry(t.app.db, [
        { accountId, side: 'credit', amount: '100000.00' },
        { gl: '1900', side: 'debit', amount: '100000.00', currency: 'SLE' },
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

  it('gives no role and no permission: the new account cannot move money or read accounts', async () => {
    expect((await call(admin, 'POST', `/api/admin/staff/${stranger.userId}/approve`)).statusCode).toBe(200);
    const me = (await call(stranger, 'GET', '/api/me/permissions')).json();
    expect(me).toMatchObject({ roles: [], permissions: [], isSuperuser: false });

    const moved = await call(stranger, 'POST', '/api/transfers', {
      from_account: from,
      to_account: to,
      amount: '49999.00',
      narration: 'Activation attack',
      reference: `INSIDER-ACT-${process.pid}`,
    });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().details).toEqual({ permission: 'transfers.create' });
    expect((await call(stranger, 'GET', `/api/accounts/${from}`)).statusCode).toBe(403);
    const [row] = await queryRows<{ b: string }>(
      t.app.db,
      sql`select balance::text as b from accounts where account_number = ${from}`,
    );
    expect(row!.b).toBe('100000.00');
  });

  it('roles then come only through the four-eyes role change', async () => {
    const officer = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id from roles where key = 'officer'`,
    );
    const asked = await call(admin, 'PUT', `/api/admin/staff/${stranger.userId}/roles`, {
      roleIds: [officer[0]!.id],
      homeBranch: null,
    });
    expect(asked.statusCode).toBe(202);
    expect((await call(stranger, 'GET', '/api/me/permissions')).json().roles).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { customerStaff } from '../../../test/support/customers.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { createSubscriber } from '../../../test/support/subscribers.ts';
import { queryRows } from '../../db/rows.ts';

/** The registered-users list is branch-scoped like the customers list. */
describe('GET /api/registered-users: branch scope', () => {
  let t: TestApp;
  let home: StaffUser, away: StaffUser, boss: StaffUser;
  const get = (url: string, who: StaffUser) => t.app.inject({ url, headers: { authorization: who.auth } });
  const page = async (url: string, who: StaffUser) => {
    const res = await get(url, who);
    expect(res.statusCode).toBe(200);
    return {
      total: res.headers['x-total-count'],
      names: res.json().map((r: { cust_name: string }) => r.cust_name),
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ cso: home, away, boss } = await customerStaff(t.app)); // CSOs at T01 and T02, a superuser
    for (const [i, branch] of ['T01', 'T02', 'T01', 'T02', 'T02'].entries())
      await createSubscriber(t.db.db, {
        name: `Isatu ${branch} Sesay ${i}`,
        mobile: `+23276200${String(i).padStart(3, '0')}`,
        balance: `${i + 1}0.00`,
        branch,
      });
  });
  afterAll(() => t.close());

  it('shows branch-scoped staff only their branch, paged, searched and sorted, with exact totals', async () => {
    expect(await page('/api/registered-users?page=1&pageSize=10&sort=name', home)).toEqual({
      total: '2',
      names: ['Isatu T01 Sesay 0', 'Isatu T01 Sesay 2'],
    });
    expect(await page('/api/registered-users?page=1&pageSize=2&sort=balance&order=desc', away)).toEqual({
      total: '3',
      names: ['Isatu T02 Sesay 4', 'Isatu T02 Sesay 3'],
    });
    expect(await page('/api/registered-users?page=2&pageSize=2&sort=balance&order=desc', away)).toEqual({
      total: '3',
      names: ['Isatu T02 Sesay 1'],
    });
    // A search stays in the branch: trigrams for 3+ characters, the sort index for shorter terms.
    expect(await page('/api/registered-users?page=1&q=sesay', home)).toMatchObject({ total: '2' });
    expect(await page('/api/registered-users?page=1&q=T02', home)).toEqual({ total: '0', names: [] });
    expect(await page('/api/registered-users?page=1&q=T0', home)).toMatchObject({ total: '2' });
    expect(await page('/api/registered-users?page=1&q=T0', away)).toMatchObject({ total: '3' });
    // The whole list (no paging parameters, SPEC §7) is scoped too.
    const whole = await get('/api/registered-users', away);
    expect(whole.json()).toHaveLength(3);
  });

  it('refuses another branch without branches.all, and lets cross-branch staff choose', async () => {
    const other = await get('/api/registered-users?page=1&branch=T01', away);
    expect(other.statusCode).toBe(403);
    expect(other.json().details).toMatchObject({ permission: 'branches.all' });
    expect(await page('/api/registered-users?page=1&branch=T02', boss)).toMatchObject({ total: '3' });
    expect(await page('/api/registered-users?page=1', boss)).toMatchObject({ total: '5' });
  });

  it('follows a customer who moves branch (the keys table keeps the branch)', async () => {
    await t.db.db.execute(sql`update customers set branch_code = 'T01' where name = 'Isatu T02 Sesay 4'`);
    expect(await page('/api/registered-users?page=1&sort=id', home)).toMatchObject({ total: '3' });
    expect(await page('/api/registered-users?page=1', away)).toMatchObject({ total: '2' });
    expect(await queryRows(t.db.db, sql`select * from registered_user_keys_violations()`)).toEqual([]);
  });
});

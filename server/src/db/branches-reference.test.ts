import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BRANCHES } from '@bankmanager/contracts';
import { staffUsers, type StaffUser } from '../../test/support/staff-users.ts';
import { createTestApp, type TestApp } from '../../test/support/harness.ts';
import { queryRows } from './rows.ts';

/**
 * Migration 0031 puts the contracts' branches on every installation (not only the demo seed), so a
 * home branch picked from the list the screens show is one the database accepts.
 */
describe('branches as reference data', () => {
  let t: TestApp;
  let boss: StaffUser;
  let clerk: StaffUser;
  beforeAll(async () => {
    t = await createTestApp();
    const s = await staffUsers(t.app);
    boss = await s.make('superuser', 'brboss');
    clerk = await s.make('activated', 'brclerk');
  });
  afterAll(() => t.close());

  it('an unseeded database holds exactly the contracts’ branches, each with its teller-cash account', async () => {
    const rows = await queryRows<{ code: string; name: string; town: string; till: string | null }>(
      t.app.db,
      sql`select b.code, b.name, b.town, g.code as till from branches b
          left join gl_accounts g on g.code = '1020-' || b.code order by b.code`,
    );
    expect(rows.map(({ code, name, town }) => ({ code, name, town }))).toEqual(
      [...BRANCHES].sort((a, b) => a.code.localeCompare(b.code)).map((b) => ({ ...b })),
    );
    expect(rows.every((r) => r.till !== null)).toBe(true);
  });

  it('accepts a listed branch as a home branch and refuses an unknown code with a 400, never a 500', async () => {
    const put = (homeBranch: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/staff/${clerk.userId}/roles`,
        headers: { authorization: boss.auth },
        payload: { roleIds: [], homeBranch },
      });
    expect((await put(BRANCHES[1].code)).statusCode).toBe(202);
    const refused = await put('FTN');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toBeDefined();
  });
});

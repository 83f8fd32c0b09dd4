import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPROVAL_TEXT, SEED_ROLES, toxicCombinationsOf, type Role } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * Segregation of duties over HTTP: a person never approves a change of their own access, and no role
 * or person may hold a toxic combination (contracts' segregation.ts); a screen lists who does.
 */
describe('segregation of duties', () => {
  let t: TestApp;
  let secA: StaffUser, secB: StaffUser, teller: StaffUser, auditor: StaffUser, plain: StaffUser;
  let roleIds: Record<string, string>;

  const call = (who: StaffUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: who.auth }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    const s = await staffUsers(t.app);
    [secA, secB, teller, auditor, plain] = (await Promise.all(
      ['seca', 'secb', 'teller', 'auditor', 'plain'].map((p) => s.make('activated', p)),
    )) as [StaffUser, StaffUser, StaffUser, StaffUser, StaffUser];
    for (const u of [secA, secB]) await setRoles(t.app, u.userId, ['it_security']);
    await setRoles(t.app, teller.userId, ['teller'], '001');
    await setRoles(t.app, auditor.userId, ['auditor']);
    const rows = await queryRows<{ key: string; id: string }>(t.app.db, sql`select key, id from roles`);
    roleIds = Object.fromEntries(rows.map((r) => [r.key, r.id]));
  });
  afterAll(() => t.close());

  it('no seeded role is itself a toxic combination', () => {
    for (const r of SEED_ROLES) expect(toxicCombinationsOf(r.permissions), r.key).toEqual([]);
  });

  it('the subject of a role change cannot approve it, even holding roles.manage', async () => {
    const asked = await call(secA, 'PUT', `/api/admin/staff/${secB.userId}/roles`, {
      roleIds: [roleIds.it_security, roleIds.auditor],
      homeBranch: null,
    });
    expect(asked.statusCode).toBe(202);
    const { approvalId } = asked.json();
    const inbox = (await call(secB, 'GET', '/api/approvals?scope=decide')).json();
    expect(inbox.map((a: { id: string }) => a.id)).not.toContain(approvalId);
    const own = await call(secB, 'POST', `/api/approvals/${approvalId}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe(APPROVAL_TEXT.subjectOfChange);
    const [row] = await queryRows<{ status: string }>(
      t.app.db,
      sql`select status from approval_requests where id = ${approvalId}`,
    );
    expect(row!.status).toBe('pending');
  });

  it('refuses a role that joins staff administration with money movement, naming both (400)', async () => {
    const res = await call(secA, 'POST', '/api/roles', {
      name: 'Admin teller',
      permissions: ['staff.manage', 'teller.cash', 'enquiries.read'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('staff.manage with teller.cash');
    expect(res.json().details).toMatchObject({ field: 'permissions', code: 'toxic_combination' });
    const [n] = await queryRows<{ n: string }>(
      t.app.db,
      sql`select count(*)::text as n from approval_requests`,
    );
    expect(n!.n).toBe('1');
  });

  it('refuses giving one person roles that together are toxic (IT Security + Teller)', async () => {
    const res = await call(secA, 'PUT', `/api/admin/staff/${teller.userId}/roles`, {
      roleIds: [roleIds.teller, roleIds.it_security],
      homeBranch: '001',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toMatchObject({ field: 'roleIds', code: 'toxic_combination' });
    expect(res.json().error).toContain('teller.cash');
  });

  it('refuses a role change that would make one of its holders toxic with their other roles (409)', async () => {
    // The auditor also holds Customer Service; giving that role journal.post would join it with audit.read.
    await setRoles(t.app, auditor.userId, ['auditor', 'cso']);
    const cso = (await call(secA, 'GET', '/api/roles')).json().find((r: Role) => r.key === 'cso') as Role;
    const res = await call(secA, 'PUT', `/api/roles/${cso.id}`, {
      name: cso.name,
      description: cso.description,
      permissions: [...cso.permissions, 'journal.post'],
      limits: cso.limits,
      version: cso.version,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toMatchObject({ code: 'toxic_combination', holder: auditor.email });
  });

  it('lists who holds a toxic combination today, paged; others may not read it', async () => {
    // Set directly, as a legacy assignment would be: the screen is how the bank finds them.
    await setRoles(t.app, teller.userId, ['teller', 'it_security'], '001');
    const res = await call(secA, 'GET', '/api/admin/segregation?page=1&pageSize=10');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json()).toEqual([
      expect.objectContaining({
        email: teller.email,
        isSuperuser: false,
        combinations: expect.arrayContaining([
          expect.objectContaining({
            key: 'staff_admin_money',
            first: ['roles.manage', 'staff.manage'],
            second: ['teller.cash'],
          }),
          expect.objectContaining({ key: 'audit_money', first: ['audit.read'] }),
        ]),
      }),
    ]);
    expect((await call(plain, 'GET', '/api/admin/segregation')).statusCode).toBe(403);
  });
});

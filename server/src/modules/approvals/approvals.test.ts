import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPROVAL_TEXT, SEED_ROLES, type Role } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { accountBalance, openTestAccount } from '../../../test/support/banking-fixtures.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { queryRows } from '../../db/rows.ts';

/** Four-eyes over HTTP: postings over the maker's limit, role changes, the rules. */
describe('approvals', () => {
  let t: TestApp;
  let maker: StaffUser, supA: StaffUser, supB: StaffUser, secA: StaffUser, secB: StaffUser, boss: StaffUser;
  let account: { id: number; number: string };
  let reference = 0;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: StaffUser, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: who.auth }, ...(payload ? { payload } : {}) });
  const post = (who: StaffUser, amount: string) =>
    call('POST', `/api/accounts/${account.number}/transactions`, who, {
      direction: 'credit',
      amount,
      description: 'Cash deposit',
      reference: `R${++reference}`,
      counter_account: '1900',
    });
  const audits = (targetId: string) =>
    queryRows<{ action: string; actor_email: string; outcome: string }>(
      t.app.db,
      sql`select action, actor_email, outcome from audit_log where target_id = ${targetId} order by id`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    const s = await staffUsers(t.app);
    const made = await Promise.all(
      ['maker', 'supa', 'supb', 'seca', 'secb'].map((p) => s.make('activated', p)),
    );
    [maker, supA, supB, secA, secB] = made as [StaffUser, StaffUser, StaffUser, StaffUser, StaffUser];
    boss = await s.make('superuser', 'boss');
    const { accountId } = await openTestAccount(t.app.db);
    for (const u of [supA, supB]) await setRoles(t.app, u.userId, ['supervisor'], 'T01');
    for (const u of [secA, secB]) await setRoles(t.app, u.userId, ['it_security']);
    const [a] = await queryRows<{ n: string }>(
      t.app.db,
      sql`select account_number as n from accounts where id = ${accountId}`,
    );
    account = { id: accountId, number: a!.n };
  });
  afterAll(() => t.close());

  it('activation gives the Officer role, and /api/me/permissions reads it from the database', async () => {
    const res = await call('GET', '/api/me/permissions', maker);
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me.roles.map((r: { key: string }) => r.key)).toEqual(['officer']);
    expect(me.permissions).toEqual([...SEED_ROLES[0]!.permissions].sort());
    expect(me.limits.find((l: { currency: string }) => l.currency === 'SLE').maxManualJournal).toBe(
      '50000.00',
    );
  });

  it('a posting within the limit is made at once; over it, a request and nothing posted', async () => {
    expect((await post(maker, '100.00')).statusCode).toBe(201);
    const res = await post(maker, '60000.00');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ approvalId: expect.any(String) });
    expect(await accountBalance(t.app.db, account.id)).toBe('100.00');
  });

  it('the maker cannot approve (409, audited denied); a supervisor approves once; the balance moves once', async () => {
    const { approvalId } = (await post(maker, '70000.00')).json();
    // The maker, even holding the approve permission by a second role, is never the checker.
    await setRoles(t.app, maker.userId, ['officer', 'supervisor'], 'T01');
    const own = await call('POST', `/api/approvals/${approvalId}/approve`, maker);
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe(APPROVAL_TEXT.ownRequest);
    await setRoles(t.app, maker.userId, ['officer']);

    const inbox = await call('GET', '/api/approvals?type=posting', supA);
    expect(inbox.json().map((a: { id: string }) => a.id)).toContain(approvalId);
    expect(
      (await call('GET', '/api/approvals', maker)).json().map((a: { id: string }) => a.id),
    ).not.toContain(approvalId);

    const [first, second] = await Promise.all([
      call('POST', `/api/approvals/${approvalId}/approve`, supA),
      call('POST', `/api/approvals/${approvalId}/approve`, supB),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const balance = await accountBalance(t.app.db, account.id);
    expect((await call('POST', `/api/approvals/${approvalId}/approve`, boss)).statusCode).toBe(409);
    expect(await accountBalance(t.app.db, account.id)).toBe(balance);

    const trail = await audits(approvalId);
    expect(trail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'approval.request', actor_email: maker.email, outcome: 'success' }),
        expect.objectContaining({ action: 'approval.approve', actor_email: maker.email, outcome: 'denied' }),
        expect.objectContaining({ action: 'approval.approve', outcome: 'success' }),
      ]),
    );
    const [posted] = await queryRows<{ actor_email: string; n: string }>(
      t.app.db,
      sql`select actor_email, (count(*) over ())::text as n from audit_log where action = 'banking.post_transaction'
          and details->>'amount' = '70000.00' and outcome = 'success'`,
    );
    expect(posted).toEqual({ actor_email: maker.email, n: '1' });
  });

  it('a checker needs a limit covering the amount; reject needs a reason; only the maker withdraws', async () => {
    const { approvalId } = (await post(maker, '2000000.00')).json();
    const over = await call('POST', `/api/approvals/${approvalId}/approve`, supA);
    expect(over.statusCode).toBe(403);
    expect(
      (await call('POST', `/api/approvals/${approvalId}/reject`, supA, { reason: ' ' })).statusCode,
    ).toBe(400);
    expect((await call('POST', `/api/approvals/${approvalId}/withdraw`, supA)).statusCode).toBe(403);
    const withdrawn = await call('POST', `/api/approvals/${approvalId}/withdraw`, maker);
    expect(withdrawn.json().status).toBe('withdrawn');

    const second = (await post(maker, '80000.00')).json().approvalId;
    const rejected = await call('POST', `/api/approvals/${second}/reject`, supA, { reason: 'No slip' });
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      reason: 'No slip',
      decidedByEmail: supA.email,
    });
  });

  it('a role change is four-eyes; a stale request is refused with 409 at approval', async () => {
    const roles: Role[] = (await call('GET', '/api/roles', secA)).json();
    const teller = roles.find((r) => r.key === 'teller')!;
    const change = (name: string) =>
      call('PUT', `/api/roles/${teller.id}`, secA, {
        ...teller,
        name,
        holders: undefined,
        key: undefined,
        id: undefined,
      });
    const a = (await change('Cashier')).json().approvalId;
    const b = (await change('Teller (counter)')).json().approvalId;
    expect((await call('POST', `/api/approvals/${a}/approve`, secA)).statusCode).toBe(409);
    expect((await call('POST', `/api/approvals/${a}/approve`, secB)).statusCode).toBe(200);
    const stale = await call('POST', `/api/approvals/${b}/approve`, secB);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(APPROVAL_TEXT.subjectChanged);
    const after: Role[] = (await call('GET', '/api/roles', secA)).json();
    expect(after.find((r) => r.id === teller.id)).toMatchObject({ name: 'Cashier', version: 2 });
  });

  it('staff role assignment is four-eyes and a revocation counts from the next request', async () => {
    const roles: Role[] = (await call('GET', '/api/roles', secA)).json();
    const auditor = roles.find((r) => r.key === 'auditor')!;
    const req = await call('PUT', `/api/admin/staff/${maker.userId}/roles`, secA, {
      roleIds: [auditor.id],
      homeBranch: '001',
    });
    expect(req.statusCode).toBe(202);
    expect((await post(maker, '10.00')).statusCode).toBe(201);
    expect((await call('POST', `/api/approvals/${req.json().approvalId}/approve`, secB)).statusCode).toBe(
      200,
    );
    const refused = await post(maker, '10.00');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: expect.any(String), details: { permission: 'journal.post' } });
  });

  it('a forged permission in user_metadata is ignored', async () => {
    await t.app.db.execute(
      sql`update auth_users set user_metadata = '{"permissions":["staff.manage"],"roles":["it_security"]}' where id = ${maker.userId}`,
    );
    const res = await call('GET', '/api/admin/staff', maker);
    expect(res.statusCode).toBe(403);
    expect(res.json().details).toEqual({ permission: 'staff.manage' });
  });

  it('branch scope: without branches.all only the home branch', async () => {
    await setRoles(t.app, supA.userId, ['supervisor'], '001');
    const res = await call('GET', `/api/accounts/${account.number}`, supA);
    expect(res.statusCode).toBe(403);
    expect(res.json().details).toEqual({ permission: 'branches.all' });
    await setRoles(t.app, supA.userId, ['supervisor'], 'T01');
    expect((await call('GET', `/api/accounts/${account.number}`, supA)).statusCode).toBe(200);
  });
});

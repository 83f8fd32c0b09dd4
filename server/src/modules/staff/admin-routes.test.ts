import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { STAFF_ACTIONS } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { authMfaFactors, authUsers, profiles, staff } from '../../db/schema/auth.ts';
import { queryRows } from '../../db/rows.ts';
import { adminClient, lastAudit } from '../../../test/support/admin-support.ts';

describe('staff administration API', () => {
  let t: TestApp;
  let make: Awaited<ReturnType<typeof staffUsers>>['make'];
  let root: StaffUser;
  let officer: StaffUser;
  let pending: StaffUser;
  let c: ReturnType<typeof adminClient>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ make } = await staffUsers(t.app));
    c = adminClient(t.app);
    root = await make('superuser', 'root');
    officer = await make('activated', 'officer');
    pending = await make('pending', 'pending');
  });
  afterAll(() => t.close());

  const status = async (u: StaffUser) => (await c.get('/api/user/status', u.auth)).json();
  const item = async (u: StaffUser) => (await c.get(`/api/admin/staff/${u.userId}`, root.auth)).json();

  it('answers 401 without a token and 403 to anyone without the permission, on every route', async () => {
    const routes: ['GET' | 'POST', string][] = [
      ['GET', '/api/admin/staff'],
      ['GET', `/api/admin/staff/${officer.userId}`],
      ...STAFF_ACTIONS.map((a): ['POST', string] => ['POST', `/api/admin/staff/${pending.userId}/${a}`]),
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/audit/1'],
      ['GET', '/api/admin/audit/export'],
      ['POST', '/api/admin/audit/verify'],
    ];
    const before = await t.db.db.select().from(staff);
    for (const [method, url] of routes) {
      const send = (auth?: string) => (method === 'GET' ? c.get(url, auth) : c.post(url, auth));
      expect((await send()).statusCode, url).toBe(401);
      for (const u of [officer, pending]) {
        const res = await send(u.auth);
        expect(res.statusCode, `${url} as ${u.email}`).toBe(403);
        // Pending: activation first. Activated (the Officer role): the route's permission.
        expect(res.json()).toEqual(
          u === pending
            ? { error: 'Your account is awaiting activation by an administrator' }
            : {
                error: expect.any(String),
                details: { permission: url.includes('/audit') ? 'audit.read' : 'staff.manage' },
              },
        );
      }
    }
    expect(await t.db.db.select().from(staff)).toEqual(before);
  });

  it('lists staff with status, superuser, MFA and last sign-in; searched, filtered, sorted and paged', async () => {
    const res = await c.get('/api/admin/staff?pageSize=100', root.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const byId = new Map(res.json().map((r: { id: string }) => [r.id, r]));
    expect(byId.get(root.userId)).toMatchObject({
      status: 'active',
      isSuperuser: true,
      mfaEnabled: false,
      email: root.email,
    });
    expect(byId.get(pending.userId)).toMatchObject({
      status: 'pending',
      isSuperuser: false,
      bankCode: 'CB',
      bannedUntil: null,
    });
    expect(byId.get(officer.userId)).toMatchObject({
      lastSignInAt: expect.any(String),
      createdAt: expect.any(String),
    });
    // Newest first by default.
    expect(res.json()[0].id).toBe(pending.userId);

    const q = async (query: string) => {
      const r = await c.get(`/api/admin/staff?${query}`, root.auth);
      expect(r.statusCode, query).toBe(200);
      return { total: r.headers['x-total-count'], ids: r.json().map((x: { id: string }) => x.id) };
    };
    expect(await q('status=pending')).toEqual({ total: '1', ids: [pending.userId] });
    expect(await q('superuser=true')).toEqual({ total: '1', ids: [root.userId] });
    expect((await q('superuser=false')).total).toBe('2');
    expect(await q(`q=${encodeURIComponent(officer.email.toUpperCase())}`)).toEqual({
      total: '1',
      ids: [officer.userId],
    });
    expect((await q('q=TEST%20ROOT')).ids).toEqual([root.userId]);
    expect((await q('q=%25')).total).toBe('0');
    expect((await q('q=_')).total).toBe('0');
    expect((await q('sort=email&order=asc&pageSize=1&page=2')).ids).toHaveLength(1);
    for (const sort of [
      'name',
      'email',
      'mobile',
      'bankCode',
      'status',
      'superuser',
      'lastSignIn',
      'mfa',
      'createdAt',
    ]) {
      expect((await q(`sort=${sort}&order=desc`)).total).toBe('3');
    }
    const sorted = await q('sort=email&order=asc');
    expect(sorted.ids).toEqual(
      [officer, pending, root].sort((a, b) => a.email.localeCompare(b.email)).map((u) => u.userId),
    );
    for (const bad of ['status=gone', 'superuser=yes', 'sort=password', 'pageSize=1000', 'page=0']) {
      expect((await c.get(`/api/admin/staff?${bad}`, root.auth)).statusCode, bad).toBe(400);
    }
  });

  it('approves a pending user: /api/user/status reflects it at once, audited with before/after', async () => {
    const u = await make('pending', 'approve');
    const polled = await c.get('/api/user/status', u.auth);
    expect(polled.json()).toEqual({ isActivated: false, isSuperuser: false });
    expect(polled.headers['cache-control']).toBe('no-store');
    const res = await c.act(u.userId, 'approve', root.auth);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      action: 'approve',
      user: { id: u.userId, status: 'active', approvedBy: root.userId },
    });
    expect(await status(u)).toEqual({ isActivated: true, isSuperuser: false });
    // Activation grants no role: powers come only through a four-eyes role change.
    expect((await c.get('/api/registered-users?page=1', u.auth)).statusCode).toBe(403);
    expect(await lastAudit(t.app, 'staff.approve')).toMatchObject({
      actor_id: root.userId,
      target_id: u.userId,
      outcome: 'success',
      details: {
        before: { status: 'pending' },
        after: { status: 'active', approved_at: expect.any(String) },
      },
    });
    const again = await c.act(u.userId, 'approve', root.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(`${u.email} is already approved.`);
  });

  it('revoking activation takes effect on the next request', async () => {
    const u = await make('activated', 'revoke');
    expect((await c.get('/api/registered-users?page=1', u.auth)).statusCode).toBe(200);
    expect((await c.act(u.userId, 'revoke-activation', root.auth)).json().user.status).toBe('pending');
    expect((await c.get('/api/registered-users?page=1', u.auth)).statusCode).toBe(403);
    expect(await status(u)).toEqual({ isActivated: false, isSuperuser: false });
    expect((await lastAudit(t.app, 'staff.revoke_activation'))?.details).toMatchObject({
      before: { status: 'active' },
      after: { status: 'pending' },
    });
    expect((await c.act(u.userId, 'revoke-activation', root.auth)).statusCode).toBe(409);
  });

  it('grants (four-eyes) and revokes superuser; the user gains and loses admin access on the next request', async () => {
    const u = await make('pending', 'promote');
    const root2 = await make('superuser', 'root2');
    const requested = await c.act(u.userId, 'grant-superuser', root.auth);
    expect(requested.statusCode).toBe(202);
    expect(requested.json()).toMatchObject({
      user: { isSuperuser: false, status: 'pending' },
      approvalId: expect.any(String),
    });
    const approved = await c.post(`/api/approvals/${requested.json().approvalId}/approve`, root2.auth);
    expect(approved.statusCode).toBe(200);
    expect(await item(u)).toMatchObject({ isSuperuser: true, status: 'active' });
    expect((await c.get('/api/admin/staff', u.auth)).statusCode).toBe(200);
    expect((await lastAudit(t.app, 'staff.grant_superuser'))?.details).toMatchObject({
      before: { is_superuser: false },
      after: { is_superuser: true },
    });
    expect((await c.act(u.userId, 'grant-superuser', root.auth)).statusCode).toBe(409);

    expect((await c.act(u.userId, 'revoke-superuser', root.auth)).json().user).toMatchObject({
      isSuperuser: false,
      status: 'active',
    });
    expect((await c.get('/api/admin/staff', u.auth)).statusCode).toBe(403);
    expect((await lastAudit(t.app, 'staff.revoke_superuser'))?.details).toMatchObject({
      before: { is_superuser: true },
      after: { is_superuser: false },
    });
    expect((await c.act(u.userId, 'revoke-superuser', root.auth)).statusCode).toBe(409);
    // Later tests need root to be the last active superuser again.
    expect((await c.act(root2.userId, 'revoke-superuser', root.auth)).statusCode).toBe(200);
  });

  it('a ban ends every session and blocks sign-in; unban lets the user sign in again', async () => {
    const u = await make('activated', 'ban');
    const second = await c.signIn(u.email);
    expect(second.statusCode).toBe(200);
    const ban = await c.act(u.userId, 'ban', root.auth);
    expect(ban.json().user).toMatchObject({ status: 'banned', bannedUntil: expect.any(String) });
    expect((await c.get('/api/user/status', u.auth)).statusCode).toBe(401);
    expect((await c.get('/api/user/status', `Bearer ${second.json().access_token}`)).statusCode).toBe(401);
    const refused = await c.signIn(u.email);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error_code: 'user_banned' });
    expect(
      (await c.get('/api/admin/staff?status=banned', root.auth)).json().map((r: { id: string }) => r.id),
    ).toEqual([u.userId]);
    expect(await lastAudit(t.app, 'staff.ban')).toMatchObject({
      details: { sessionsEnded: 2, before: { status: 'active' }, after: { status: 'banned' } },
    });
    expect((await c.act(u.userId, 'ban', root.auth)).statusCode).toBe(409);
    expect((await c.act(u.userId, 'grant-superuser', root.auth)).statusCode).toBe(409);

    expect((await c.act(u.userId, 'unban', root.auth)).json().user).toMatchObject({
      status: 'active',
      bannedUntil: null,
    });
    expect((await c.signIn(u.email)).statusCode).toBe(200);
    expect((await lastAudit(t.app, 'staff.unban'))?.details).toMatchObject({
      before: { status: 'banned' },
      after: { status: 'active' },
    });
    expect((await c.act(u.userId, 'unban', root.auth)).statusCode).toBe(409);
  });

  it('ends all sessions of a user', async () => {
    const u = await make('activated', 'sessions');
    const res = await c.act(u.userId, 'end-sessions', root.auth);
    expect(res.statusCode).toBe(200);
    expect((await c.get('/api/user/status', u.auth)).statusCode).toBe(401);
    expect((await c.signIn(u.email)).statusCode).toBe(200);
    expect(await lastAudit(t.app, 'staff.end_sessions')).toMatchObject({
      target_id: u.userId,
      details: { sessionsEnded: 1 },
    });
  });

  it('resets MFA by deleting the factors', async () => {
    const u = await make('activated', 'mfa');
    await t.db.db
      .insert(authMfaFactors)
      .values({ userId: u.userId, status: 'verified', secret: 'JBSWY3DPEHPK3PXP' });
    expect((await item(u)).mfaEnabled).toBe(true);
    expect((await c.get('/api/admin/staff?sort=mfa&order=desc', root.auth)).json()[0].id).toBe(u.userId);
    const res = await c.act(u.userId, 'reset-mfa', root.auth);
    expect(res.json().user.mfaEnabled).toBe(false);
    expect(await t.db.db.select().from(authMfaFactors).where(eq(authMfaFactors.userId, u.userId))).toEqual(
      [],
    );
    expect(await lastAudit(t.app, 'staff.reset_mfa')).toMatchObject({
      details: { factorsRemoved: 1, before: { mfa: true }, after: { mfa: false } },
    });
  });

  it('rejects (deletes) only pending accounts, with their profile', async () => {
    const u = await make('pending', 'reject');
    const active = await c.act(officer.userId, 'reject', root.auth);
    expect(active.statusCode).toBe(409);
    expect(active.json().error).toBe(
      `Only a pending account can be rejected; ${officer.email} is activated.`,
    );
    const res = await c.act(u.userId, 'reject', root.auth);
    expect(res.json()).toEqual({ action: 'reject', user: null });
    expect(await t.db.db.select().from(authUsers).where(eq(authUsers.id, u.userId))).toEqual([]);
    expect(await t.db.db.select().from(profiles).where(eq(profiles.id, u.userId))).toEqual([]);
    expect(await lastAudit(t.app, 'staff.reject')).toMatchObject({
      details: { email: u.email, before: { status: 'pending' }, after: null },
    });
    expect((await c.get('/api/user/status', u.auth)).statusCode).toBe(401);
    expect((await c.act(u.userId, 'approve', root.auth)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown user and 400 for a bad id or action', async () => {
    expect((await c.act('00000000-0000-4000-8000-000000000000', 'approve', root.auth)).statusCode).toBe(404);
    expect((await c.get('/api/admin/staff/00000000-0000-4000-8000-000000000000', root.auth)).statusCode).toBe(
      404,
    );
    expect((await c.act('not-a-uuid', 'approve', root.auth)).statusCode).toBe(400);
    expect((await c.act(pending.userId, 'delete', root.auth)).statusCode).toBe(400);
  });

  it('guards: the last active superuser cannot be demoted or banned, and nobody demotes themselves', async () => {
    const audits = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            t.db.db,
            sql`select count(*) as n from audit_log where action like 'staff.%'`,
          )
        )[0]!.n,
      );
    const before = await audits();
    for (const action of ['revoke-superuser', 'revoke-activation', 'ban']) {
      const res = await c.act(root.userId, action, root.auth);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().error).toBe(
        `${root.email} is the last active superuser; make someone else a superuser first.`,
      );
    }
    const other = await make('superuser', 'other');
    for (const [action, message] of [
      ['revoke-superuser', 'You cannot revoke your own superuser rights; ask another superuser.'],
      ['revoke-activation', 'You cannot revoke your own activation.'],
      ['ban', 'You cannot ban yourself.'],
      ['reject', 'You cannot reject your own account.'],
    ] as const) {
      const res = await c.act(root.userId, action, root.auth);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().error).toBe(message);
    }
    // A banned superuser is not an active one: with `other` banned, root is again the last.
    expect((await c.act(other.userId, 'ban', root.auth)).statusCode).toBe(200);
    expect((await c.act(root.userId, 'revoke-superuser', root.auth)).json().error).toMatch(
      /last active superuser/,
    );
    // One ban, and each refusal recorded as denied with its reason.
    expect(await audits()).toBe(before + 3 + 4 + 1 + 1);
    expect(await lastAudit(t.app, 'staff.revoke_superuser')).toMatchObject({
      outcome: 'denied',
      actor_id: root.userId,
      target_id: root.userId,
      details: { reason: `${root.email} is the last active superuser; make someone else a superuser first.` },
    });
    expect((await status(root)).isSuperuser).toBe(true);
  });
});

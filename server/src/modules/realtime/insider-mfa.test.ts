import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { authMfaFactors } from '../../db/schema/auth.ts';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import { closeAll, inbox, realtimeUser, subscribe } from '../../../test/support/realtime.ts';

type Person = Awaited<ReturnType<typeof realtimeUser>>;

/**
 * A stolen password is not enough once a user has a second factor: /api refuses the password-only
 * (aal1) session with insufficient_aal, and the realtime socket must refuse it the same way, or the
 * password alone would still stream approval rows and staff presence.
 */
describe('realtime and MFA', () => {
  let t: TestApp;
  let baseUrl: string;
  const people: Person[] = [];

  /** Activated staff with a verified factor, signed in with the password only (aal1). */
  const enrolledAal1 = async (prefix: string) => {
    const u = await realtimeUser(baseUrl, t.app, prefix, { heartbeatIntervalMs: 100 });
    people.push(u);
    await t.app.db.execute(sql`update staff set approved = true where user_id = ${u.userId}`);
    await t.db.db
      .insert(authMfaFactors)
      .values({ userId: u.userId, status: 'verified', secret: 'JBSWY3DPEHPK3PXP' });
    return u;
  };
  const approvals = (u: Person, name: string) =>
    u.client
      .channel(name)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'approval_requests' }, () => {});

  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await listen(t.app);
  });
  afterAll(async () => {
    await closeAll(people.map((p) => p.client));
    await t.close();
  });

  it('refuses an aal1 token of an enrolled user on postgres_changes and private channels, as /api does', async () => {
    const u = await enrolledAal1('mfart');
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/user/status',
      headers: { authorization: `Bearer ${u.session.access_token}` },
    });
    expect(api.statusCode).toBe(403);
    expect(api.json()).toMatchObject({ details: { code: 'insufficient_aal' } });

    const changes = await subscribe(approvals(u, 'mfa-approvals'));
    expect(changes.status).toBe('CHANNEL_ERROR');
    expect(changes.error?.message).toMatch(/insufficient_aal/);

    const priv = await subscribe(u.client.channel('staff:notices', { config: { private: true } }));
    expect(priv.status).toBe('CHANNEL_ERROR');
    expect(priv.error?.message).toMatch(/insufficient_aal/);
  });

  it('lets the same user in once the session has passed the second factor', async () => {
    const u = await enrolledAal1('mfaok');
    // The session row, not the token's claim, is the authority (as for /api).
    await t.app.db.execute(sql`update auth_sessions set aal = 'aal2' where user_id = ${u.userId}`);
    expect((await subscribe(approvals(u, 'mfa-ok'))).status).toBe('SUBSCRIBED');
  });

  it('ends a joined channel when the refreshed token is aal1 of an enrolled user', async () => {
    const u = await enrolledAal1('mfaref');
    await t.app.db.execute(sql`update auth_sessions set aal = 'aal2' where user_id = ${u.userId}`);
    const statuses = inbox<string>();
    const system = inbox<{ status: string; message: string }>();
    approvals(u, 'mfa-refresh')
      .on('system', {}, (m: { status: string; message: string }) => system.push(m))
      .subscribe((s) => statuses.push(s));
    expect(await statuses.next(1)).toEqual(['SUBSCRIBED']);
    // The second factor is undone on the session (as a factor reset does): the next token is refused.
    await t.app.db.execute(sql`update auth_sessions set aal = 'aal1' where user_id = ${u.userId}`);
    // supabase-js hands the refreshed token to the joined channel (access_token).
    expect((await u.client.auth.refreshSession()).error).toBeNull();
    const [, ended] = await system.next(2);
    expect(ended).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/insufficient_aal/) as unknown,
    });
  });
});

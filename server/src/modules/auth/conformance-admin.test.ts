import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import { mailOutbox, profiles } from '../../db/schema/auth.ts';
import { client, keysOf, newIdentity, signedUpClient } from '../../../test/support/auth-clients.ts';

/** The admin API through supabase-js with the service-role key. */
describe('supabase-js conformance: admin', () => {
  let t: TestApp;
  let base: string;
  let admin: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
    admin = client(base, keysOf(t.app).serviceKey);
  });
  afterAll(() => t.close());

  it('lists users with X-Total-Count and Link paging headers', async () => {
    for (let i = 0; i < 3; i++) await signedUpClient(base, t.app);
    const page1 = await admin.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(page1.error).toBeNull();
    expect(page1.data.users).toHaveLength(2);
    expect(page1.data).toMatchObject({ total: 3, nextPage: 2, lastPage: 2 });
    const page2 = await admin.auth.admin.listUsers({ page: 2, perPage: 2 });
    expect(page2.data.users).toHaveLength(1);
    const ids = [...page1.data.users, ...page2.data.users].map((u) => u.id);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const raw = await fetch(`${base}/auth/v1/admin/users?page=1&per_page=2`, {
      headers: { apikey: keysOf(t.app).serviceKey, authorization: `Bearer ${keysOf(t.app).serviceKey}` },
    });
    expect(raw.headers.get('x-total-count')).toBe('3');
    expect(raw.headers.get('link')).toContain('rel="next"');
  });

  it('is refused to the anon key and to users (403 not_admin)', async () => {
    const anon = client(base, keysOf(t.app).anonKey);
    expect((await anon.auth.admin.listUsers()).error).toMatchObject({ status: 403, code: 'not_admin' });
    const { client: user } = await signedUpClient(base, t.app);
    const token = (await user.auth.getSession()).data.session!.access_token;
    const res = await fetch(`${base}/auth/v1/admin/users`, {
      headers: {
        apikey: keysOf(t.app).anonKey,
        authorization: `Bearer ${token}`,
        'x-supabase-api-version': '2024-01-01',
      },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'not_admin' });
    const invite = await anon.auth.admin.inviteUserByEmail('x@bank.sl');
    expect(invite.error).toMatchObject({ status: 403, code: 'not_admin' });
  });

  it('creates, gets, updates, bans and deletes a user', async () => {
    const id = newIdentity('admin');
    const created = await admin.auth.admin.createUser({
      email: id.email,
      password: id.password,
      email_confirm: true,
      user_metadata: id.data,
    });
    expect(created.error).toBeNull();
    const userId = created.data.user!.id;
    const [p] = await t.db.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(p).toMatchObject({ fullName: id.data.fullName, mobileNo: id.data.mobileNo });
    expect((await admin.auth.admin.getUserById(userId)).data.user?.email).toBe(id.email);
    const dup = await admin.auth.admin.createUser({ email: id.email, password: id.password });
    expect(dup.error).toMatchObject({ status: 422, code: 'email_exists' });

    const c = client(base, keysOf(t.app).anonKey);
    expect((await c.auth.signInWithPassword({ email: id.email, password: id.password })).error).toBeNull();
    const banned = await admin.auth.admin.updateUserById(userId, { ban_duration: '24h' });
    expect(banned.error).toBeNull();
    expect((banned.data.user as { banned_until?: string } | null)?.banned_until).toEqual(expect.any(String));
    expect((await c.auth.refreshSession()).error).not.toBeNull();
    expect(
      (
        await client(base, keysOf(t.app).anonKey).auth.signInWithPassword({
          email: id.email,
          password: id.password,
        })
      ).error,
    ).toMatchObject({ code: 'user_banned' });
    await admin.auth.admin.updateUserById(userId, { ban_duration: 'none', user_metadata: { note: 'ok' } });
    const back = await client(base, keysOf(t.app).anonKey).auth.signInWithPassword({
      email: id.email,
      password: id.password,
    });
    expect(back.error).toBeNull();
    expect(back.data.user?.user_metadata).toMatchObject({ note: 'ok', fullName: id.data.fullName });

    expect((await admin.auth.admin.deleteUser(userId)).error).toBeNull();
    expect((await admin.auth.admin.getUserById(userId)).error).toMatchObject({
      status: 404,
      code: 'user_not_found',
    });
    expect(await t.db.db.select().from(profiles).where(eq(profiles.id, userId))).toEqual([]);
  });

  it('generate_link returns a working one-time link and code without sending mail', async () => {
    const { id } = await signedUpClient(base, t.app);
    const link = await admin.auth.admin.generateLink({ type: 'magiclink', email: id.email });
    expect(link.error).toBeNull();
    expect(link.data.properties).toMatchObject({
      verification_type: 'magiclink',
      email_otp: expect.stringMatching(/^\d{6}$/),
      hashed_token: expect.any(String),
    });
    expect(link.data.properties!.action_link).toContain('/auth/v1/verify?token=');
    expect(link.data.user?.email).toBe(id.email);
    const c = client(base, keysOf(t.app).anonKey);
    const v = await c.auth.verifyOtp({ token_hash: link.data.properties!.hashed_token, type: 'magiclink' });
    expect(v.error).toBeNull();
    expect(v.data.session?.user.email).toBe(id.email);
    expect(await t.db.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, id.email))).toEqual([]);
    expect(
      (await admin.auth.admin.generateLink({ type: 'recovery', email: 'none@bank.sl' })).error,
    ).toMatchObject({ status: 404 });
  });

  it('invite creates an invited user, mails them, and the invite code signs them in', async () => {
    const email = 'invited.person@bank.sl';
    const invited = await admin.auth.admin.inviteUserByEmail(email, { data: { fullName: 'Invited Person' } });
    expect(invited.error).toBeNull();
    expect(invited.data.user).toMatchObject({ email, invited_at: expect.any(String) });
    const [mail] = await t.db.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(mail?.kind).toBe('invite');
    const code = /Your code: (\d{6})/.exec(mail!.body)![1]!;
    const c = client(base, keysOf(t.app).anonKey);
    const v = await c.auth.verifyOtp({ email, token: code, type: 'invite' });
    expect(v.error).toBeNull();
    expect((await c.auth.updateUser({ password: 'chosen-pass-1' })).error).toBeNull();
  });

  it('settings, health, unsupported grants and providers answer cleanly', async () => {
    const key = keysOf(t.app).anonKey;
    const h = { apikey: key, 'x-supabase-api-version': '2024-01-01' };
    expect(await (await fetch(`${base}/auth/v1/settings`, { headers: h })).json()).toMatchObject({
      external: { email: true },
      mailer_autoconfirm: true,
    });
    expect(await (await fetch(`${base}/auth/v1/health`)).json()).toMatchObject({
      name: 'GoTrue',
      version: expect.any(String),
    });
    for (const grant of ['pkce', 'id_token', 'nope']) {
      const r = await fetch(`${base}/auth/v1/token?grant_type=${grant}`, {
        method: 'POST',
        headers: { ...h, 'content-type': 'application/json' },
        body: '{"auth_code":null}',
      });
      expect(r.status, grant).toBe(400);
      expect((await r.json()) as object).toHaveProperty('code');
    }
    const c = client(base, key);
    const idToken = await c.auth.signInWithIdToken({ provider: 'google', token: 'x' });
    expect(idToken.error?.status).toBe(400);
    const sso = await c.auth.signInWithSSO({ domain: 'bank.sl' });
    expect(sso.error?.status).toBe(400);
    const noKey = await fetch(`${base}/auth/v1/settings`);
    expect(noKey.status).toBe(401);
  });
});

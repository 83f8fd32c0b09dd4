import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isAuthSessionMissingError } from '@supabase/supabase-js';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import {
  client,
  keysOf,
  newIdentity,
  parseAuthMail,
  startSmtpSink,
} from '../../../test/support/auth-clients.ts';

/**
 * Finding 5 of the security review (docs/security.md): a stolen access token must not become a
 * permanent takeover. The thief's session is "old" (signed in before the reauthentication window), as a
 * token lifted from a browser would be.
 */
describe('security: secure password and e-mail change (supabase-js over HTTP)', () => {
  let t: TestApp;
  let base: string;
  let anon: string;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ smtpUrl: sink.url, auth: { autoconfirm: true, emailMinIntervalSeconds: 0 } });
    base = await listen(t.app);
    anon = keysOf(t.app).anonKey;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  async function victim() {
    const id = newIdentity('victim');
    const admin = client(base, keysOf(t.app).serviceKey);
    await admin.auth.admin.createUser({ ...id, email_confirm: true, user_metadata: id.data });
    const signIn = async () => {
      const c = client(base, anon);
      const { data, error } = await c.auth.signInWithPassword({ email: id.email, password: id.password });
      if (error) throw error;
      return { c, userId: data.user.id };
    };
    return { id, signIn };
  }
  /** Makes every session of the user look signed in `minutes` ago. */
  const age = (userId: string, minutes: number) =>
    t.db.db.execute(
      sql`update auth_sessions set created_at = now() - make_interval(mins => ${minutes}) where user_id = ${userId}`,
    );

  it('a stolen (old) session cannot set a password without a reauthentication nonce', async () => {
    const { id, signIn } = await victim();
    const thief = await signIn();
    await age(thief.userId, 6);
    const direct = await thief.c.auth.updateUser({ password: 'stolen-pass-1' });
    expect(direct.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });
    const guessed = await thief.c.auth.updateUser({ password: 'stolen-pass-1', nonce: '123456' });
    expect(guessed.error).toMatchObject({ code: 'reauthentication_not_valid' });
    expect((await client(base, anon).auth.signInWithPassword(id)).error).toBeNull();
  });

  it('the owner: reauthenticate() mails a nonce, updateUser({ password, nonce }) works once and ends the other sessions', async () => {
    const { id, signIn } = await victim();
    const other = await signIn();
    const owner = await signIn();
    await age(owner.userId, 30);
    expect((await owner.c.auth.reauthenticate()).error).toBeNull();
    const { code: nonce } = parseAuthMail((await sink.waitFor(id.email, /Confirm it is you/)).raw);
    const changed = await owner.c.auth.updateUser({ password: 'owner-new-pass-1', nonce });
    expect(changed.error).toBeNull();
    expect(isAuthSessionMissingError((await other.c.auth.getUser()).error)).toBe(true);
    expect((await owner.c.auth.getUser()).error).toBeNull();
    const again = await owner.c.auth.updateUser({ password: 'owner-new-pass-2', nonce });
    expect(again.error).toMatchObject({ code: 'reauthentication_not_valid' });
  });

  it('a session that signed in within the window (AUTH_REAUTH_WINDOW_MINUTES) needs no nonce', async () => {
    const { signIn } = await victim();
    const fresh = await signIn();
    await age(fresh.userId, t.config.auth.reauthWindowMinutes - 1);
    expect((await fresh.c.auth.updateUser({ password: 'fresh-pass-1' })).error).toBeNull();
  });

  it('an e-mail change confirmed by the new address alone changes nothing; the old address is asked', async () => {
    const { id, signIn } = await victim();
    const thief = await signIn();
    const thiefEmail = `thief.${id.email}`;
    const upd = await thief.c.auth.updateUser({ email: thiefEmail });
    expect(upd.error).toBeNull();
    expect(upd.data.user).toMatchObject({ email: id.email, new_email: thiefEmail });
    // The owner's address hears about it at once.
    const toOwner = await sink.waitFor(id.email, /change of your e-mail/);
    expect(toOwner.raw).toMatch(/Your code: \d{6}/);
    const { code } = parseAuthMail((await sink.waitFor(thiefEmail, /new e-mail/)).raw);
    const half = await thief.c.auth.verifyOtp({ email: thiefEmail, token: code, type: 'email_change' });
    expect(half.data.session).toBeNull();
    const admin = client(base, keysOf(t.app).serviceKey);
    const after = await admin.auth.admin.getUserById(thief.userId);
    expect(after.data.user?.email).toBe(id.email);
    expect((await client(base, anon).auth.signInWithPassword(id)).error).toBeNull();
    expect(
      (await client(base, anon).auth.signInWithPassword({ email: thiefEmail, password: id.password })).error,
    ).toMatchObject({ code: 'invalid_credentials' });
  });

  it('when both addresses confirm, the change applies and the old address is notified', async () => {
    const { id, signIn } = await victim();
    const owner = await signIn();
    const newEmail = `moved.${id.email}`;
    await owner.c.auth.updateUser({ email: newEmail });
    const current = parseAuthMail((await sink.waitFor(id.email, /change of your e-mail/)).raw);
    const next = parseAuthMail((await sink.waitFor(newEmail, /new e-mail/)).raw);
    expect(
      (await owner.c.auth.verifyOtp({ email: id.email, token: current.code, type: 'email_change' })).data
        .session,
    ).toBeNull();
    const done = await owner.c.auth.verifyOtp({ email: newEmail, token: next.code, type: 'email_change' });
    expect(done.error).toBeNull();
    expect(done.data.user?.email).toBe(newEmail);
    const notice = await sink.waitFor(id.email, /was changed/);
    expect(notice.raw).toContain(newEmail);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthChangeEvent } from '@supabase/supabase-js';
import { authenticator } from 'otplib';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/auth.ts';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import {
  client,
  keysOf,
  newIdentity,
  parseAuthMail,
  startSmtpSink,
} from '../../../test/support/auth-clients.ts';

/** Mail over a real SMTP sink (autoconfirm off), and TOTP MFA, through supabase-js. */
describe('supabase-js conformance: mail and MFA', () => {
  let t: TestApp;
  let base: string;
  let anon: string;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ smtpUrl: sink.url, auth: { autoconfirm: false } });
    base = await listen(t.app);
    anon = keysOf(t.app).anonKey;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('signUp with autoconfirm off returns a user without session and mails a confirmation leading to /signin', async () => {
    const id = newIdentity();
    const c = client(base, anon);
    const { data, error } = await c.auth.signUp({
      email: id.email,
      password: id.password,
      options: { data: id.data },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email: id.email, confirmation_sent_at: expect.any(String) });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const blocked = await c.auth.signInWithPassword({ email: id.email, password: id.password });
    expect(blocked.error).toMatchObject({ code: 'email_not_confirmed' });

    const { link } = parseAuthMail((await sink.waitFor(id.email, /Confirm/)).raw);
    expect(link!.startsWith(`${t.config.publicUrl}/auth/v1/verify?`)).toBe(true);
    // Links carry PUBLIC_URL; the test server listens elsewhere.
    const local = link!.replace(t.config.publicUrl, base);
    const res = await fetch(local, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${t.config.publicUrl}/signin`);
    const ok = await c.auth.signInWithPassword({ email: id.email, password: id.password });
    expect(ok.error).toBeNull();
    const [outbox] = await t.db.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, id.email));
    expect(outbox).toMatchObject({ kind: 'confirmation', sentAt: expect.any(Date) });
    // The link works once.
    expect((await fetch(local, { redirect: 'manual' })).headers.get('location')).toContain(
      'error_code=otp_expired',
    );
  });

  it('a confirmation code typed in verifyOtp signs the user in', async () => {
    const id = newIdentity();
    const c = client(base, anon);
    await c.auth.signUp({ email: id.email, password: id.password, options: { data: id.data } });
    const { code } = parseAuthMail((await sink.waitFor(id.email, /Confirm/)).raw);
    const bad = await c.auth.verifyOtp({
      email: id.email,
      token: '000000' === code ? '111111' : '000000',
      type: 'signup',
    });
    expect(bad.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const { data, error } = await c.auth.verifyOtp({ email: id.email, token: code, type: 'signup' });
    expect(error).toBeNull();
    expect(data.session?.user.email_confirmed_at).toEqual(expect.any(String));
  });

  it('password recovery through a real mail: PASSWORD_RECOVERY, then a new password', async () => {
    const id = newIdentity();
    const admin = client(base, keysOf(t.app).serviceKey);
    await admin.auth.admin.createUser({
      email: id.email,
      password: id.password,
      email_confirm: true,
      user_metadata: id.data,
    });
    const c = client(base, anon);
    expect((await c.auth.resetPasswordForEmail(id.email)).error).toBeNull();
    expect((await c.auth.resetPasswordForEmail('nobody-here@bank.sl')).error).toBeNull();
    const { code } = parseAuthMail((await sink.waitFor(id.email, /reset/i)).raw);
    const events: AuthChangeEvent[] = [];
    c.auth.onAuthStateChange((e) => void events.push(e));
    const verified = await c.auth.verifyOtp({ email: id.email, token: code, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
    expect((await c.auth.updateUser({ password: 'recovered-pass-9' })).error).toBeNull();
    const again = await client(base, anon).auth.signInWithPassword({
      email: id.email,
      password: 'recovered-pass-9',
    });
    expect(again.error).toBeNull();
  });

  it('resend, otp and reauthenticate answer {} and send mail', async () => {
    const id = newIdentity();
    const c = client(base, anon);
    await c.auth.signUp({ email: id.email, password: id.password, options: { data: id.data } });
    expect((await c.auth.resend({ type: 'signup', email: id.email })).error).toBeNull();
    await sink.waitFor(id.email, /Confirm/);
    expect((await c.auth.signInWithOtp({ email: id.email })).error).toBeNull();
    const magic = parseAuthMail((await sink.waitFor(id.email, /sign-in link/)).raw);
    const { data } = await c.auth.verifyOtp({ email: id.email, token: magic.code, type: 'email' });
    expect(data.session).not.toBeNull();
    expect((await c.auth.reauthenticate()).error).toBeNull();
    await sink.waitFor(id.email, /Confirm it is you/);
    expect((await c.auth.signInWithOtp({ email: 'ghost@bank.sl' })).error).toMatchObject({
      code: 'otp_disabled',
    });
  });

  it('an e-mail change is confirmed through codes sent to both addresses; the old one is told', async () => {
    const id = newIdentity();
    const admin = client(base, keysOf(t.app).serviceKey);
    await admin.auth.admin.createUser({
      email: id.email,
      password: id.password,
      email_confirm: true,
      user_metadata: id.data,
    });
    const c = client(base, anon);
    await c.auth.signInWithPassword({ email: id.email, password: id.password });
    const newEmail = `new.${id.email}`;
    const upd = await c.auth.updateUser({ email: newEmail });
    expect(upd.error).toBeNull();
    expect(upd.data.user).toMatchObject({ email: id.email, new_email: newEmail });
    const { code } = parseAuthMail((await sink.waitFor(newEmail, /new e-mail/)).raw);
    const half = await c.auth.verifyOtp({ email: newEmail, token: code, type: 'email_change' });
    expect(half.error).toBeNull();
    expect(half.data.session).toBeNull();
    expect(half.data.user).toMatchObject({ msg: expect.stringMatching(/other email/) });
    expect((await c.auth.getUser()).data.user?.email).toBe(id.email);
    const current = parseAuthMail((await sink.waitFor(id.email, /change of your e-mail/)).raw);
    const v = await c.auth.verifyOtp({ email: id.email, token: current.code, type: 'email_change' });
    expect(v.error).toBeNull();
    expect(v.data.user?.email).toBe(newEmail);
    await sink.waitFor(id.email, /was changed/);
    expect(
      (await client(base, anon).auth.signInWithPassword({ email: newEmail, password: id.password })).error,
    ).toBeNull();
  });

  it('TOTP MFA: enroll, challenge, verify to aal2, unenroll', async () => {
    const admin = client(base, keysOf(t.app).serviceKey);
    const id = newIdentity('mfa');
    await admin.auth.admin.createUser({
      email: id.email,
      password: id.password,
      email_confirm: true,
      user_metadata: id.data,
    });
    const c = client(base, anon);
    const signedIn = await c.auth.signInWithPassword({ email: id.email, password: id.password });
    const aal1Refresh = signedIn.data.session!.refresh_token;

    const enrolled = await c.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'phone',
      issuer: 'BankManager',
    });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor.type).toBe('totp');
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    expect(factor.totp.uri).toContain('otpauth://totp/');
    const dup = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
    expect(dup.error).toMatchObject({ code: 'mfa_factor_name_conflict' });

    const challenge = await c.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.data).toMatchObject({
      id: expect.any(String),
      type: 'totp',
      expires_at: expect.any(Number),
    });
    const wrong = await c.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: '000000' === authenticator.generate(factor.totp.secret) ? '111111' : '000000',
    });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    const events: AuthChangeEvent[] = [];
    c.auth.onAuthStateChange((e) => void events.push(e));
    const ok = await c.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: authenticator.generate(factor.totp.secret),
    });
    expect(ok.error).toBeNull();
    expect(events).toContain('MFA_CHALLENGE_VERIFIED');
    const aal = await c.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    // Another tab still holding the aal1 token right after: refused, but this session lives on.
    expect((await client(base, anon).auth.refreshSession({ refresh_token: aal1Refresh })).error?.status).toBe(
      400,
    );
    expect((await c.auth.refreshSession()).error).toBeNull();
    const factors = await c.auth.mfa.listFactors();
    expect(factors.data?.totp.map((f) => f.id)).toEqual([factor.id]);

    // A fresh aal1 session may not remove a verified factor.
    const other = client(base, anon);
    await other.auth.signInWithPassword({ email: id.email, password: id.password });
    expect((await other.auth.mfa.unenroll({ factorId: factor.id })).error).toMatchObject({
      status: 401,
      code: 'insufficient_aal',
    });

    const removed = await c.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factor.id });
    expect((await c.auth.mfa.unenroll({ factorId: factor.id })).error).toMatchObject({
      status: 404,
      code: 'mfa_factor_not_found',
    });
  });
});

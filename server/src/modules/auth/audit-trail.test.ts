import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { createTestApp, listen, testConfig, type TestApp } from '../../../test/support/harness.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { client, keysOf, signedUpClient } from '../../../test/support/auth-clients.ts';
import { PasswordHasher } from './passwords.ts';

describe('auth audit trail', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
  });
  afterAll(() => t.close());

  it('records sign-up, sign-in success and failure, MFA changes, password change, sign-out and activation', async () => {
    const { client: c, id, userId, session } = await signedUpClient(base, t.app);
    await client(base, keysOf(t.app).anonKey).auth.signInWithPassword({
      email: id.email,
      password: 'nope-nope',
    });
    await c.auth.signInWithPassword({ email: id.email, password: id.password });
    const { data: factor } = await c.auth.mfa.enroll({ factorType: 'totp' });
    const { data: ch } = await c.auth.mfa.challenge({ factorId: factor!.id });
    await c.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: ch!.id,
      code: authenticator.generate(factor!.totp.secret),
    });
    await c.auth.mfa.unenroll({ factorId: factor!.id });
    await c.auth.updateUser({ password: 'brand-new-pass' });
    await fetch(`${base}/api/users/activate-first-user`, {
      method: 'POST',
      headers: { authorization: `Bearer ${(await c.auth.getSession()).data.session!.access_token}` },
    });
    await c.auth.signOut();
    expect(session.user.id).toBe(userId);

    const rows = await t.db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorEmail, id.email))
      .orderBy(auditLog.id);
    expect(rows.map((r) => `${r.action}:${r.outcome}`)).toEqual([
      'auth.sign_up:success',
      'auth.sign_in:failure',
      'auth.sign_in:success',
      'auth.mfa_enroll:success',
      'auth.mfa_factor_verified:success',
      'auth.mfa_unenroll:success',
      'auth.password_change:success',
      'staff.activate_first_user:success',
      'auth.sign_out:success',
    ]);
    for (const r of rows) expect(r.ip).toBe('127.0.0.1');
    expect(rows.filter((r) => r.outcome === 'success').every((r) => r.actorId === userId)).toBe(true);
  });
});

describe('password hashing', () => {
  it('an unknown e-mail costs about as much as a wrong password (dummy hash)', async () => {
    const hasher = new PasswordHasher({ ...testConfig().auth, argon2MemoryKib: 8192, argon2TimeCost: 2 });
    const stored = await hasher.hash('the-real-password');
    const time = async (f: () => Promise<unknown>) => {
      const start = performance.now();
      for (let i = 0; i < 5; i++) await f();
      return performance.now() - start;
    };
    await hasher.verify(null, 'warm-up');
    const unknown = await time(() => hasher.verify(null, 'guess-123'));
    const wrong = await time(() => hasher.verify(stored, 'guess-123'));
    expect(unknown / wrong).toBeGreaterThan(0.4);
    expect(unknown / wrong).toBeLessThan(2.5);
    expect(await hasher.verify(stored, 'the-real-password')).toBe(true);
    expect(await hasher.verify('not-a-hash', 'x')).toBe(false);
  });
});

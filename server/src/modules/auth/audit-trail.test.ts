import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { createTestApp, listen, testConfig, type TestApp } from '../../../test/support/harness.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { client, keysOf, signedUpClient } from '../../../test/support/auth-clients.ts';
import type * as Argon2 from '@node-rs/argon2';
import { PasswordHasher } from './passwords.ts';

// Records every argon2 verification (and still runs it), so the dummy-hash rule is checked by what
// is computed, not by a stopwatch.
const argon2Verifications = vi.hoisted(() => [] as string[]);
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    verify: (hashed: string, password: string) => {
      argon2Verifications.push(hashed);
      return real.verify(hashed, password);
    },
  };
});

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
  it('an unknown e-mail costs as much as a wrong password: one argon2 verification at the same cost', async () => {
    const hasher = new PasswordHasher({ ...testConfig().auth, argon2MemoryKib: 8192, argon2TimeCost: 2 });
    const stored = await hasher.hash('the-real-password');
    argon2Verifications.length = 0;
    expect(await hasher.verify(null, 'guess-123')).toBe(false);
    expect(await hasher.verify(stored, 'guess-123')).toBe(false);
    expect(argon2Verifications).toHaveLength(2);
    const [dummy, real] = argon2Verifications as [string, string];
    // Same algorithm and cost parameters ($argon2id$v=19$m=…,t=…,p=…$), so the same work.
    const params = (h: string) => h.split('$').slice(1, 4).join('$');
    expect(params(dummy)).toBe(params(real));
    expect(dummy).not.toBe(real);
    expect(await hasher.verify(stored, 'the-real-password')).toBe(true);
    expect(await hasher.verify('not-a-hash', 'x')).toBe(false);
  });
});

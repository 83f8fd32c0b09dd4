import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import type { SupabaseClient } from '@supabase/supabase-js';
import { authMfaFactors, staff } from '../../db/schema/auth.ts';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import { client, keysOf, signedUpClient } from '../../../test/support/auth-clients.ts';

/** A TOTP code for the next 30-second step (the server allows one step of drift). */
const nextStepCode = (secret: string) => authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);

/**
 * Finding 4 of the security review (docs/security.md): with a verified TOTP factor, a password-only
 * (aal1) session must reach nothing, must not enrol a second factor, and a TOTP code must work once.
 */
describe('security: MFA is enforced on the server (supabase-js over HTTP)', () => {
  let t: TestApp;
  let base: string;
  let anon: string;
  let email = '';
  let password = '';
  let secret = '';
  let factorId = '';
  let firstCode = '';
  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
    anon = keysOf(t.app).anonKey;
    // The victim: an activated member of staff who has set up an authenticator.
    const victim = await signedUpClient(base, t.app, 'mfa');
    ({ email, password } = victim.id);
    await t.db.db.update(staff).set({ approved: true }).where(eq(staff.userId, victim.userId));
    const enrolled = await victim.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
    if (enrolled.error) throw enrolled.error;
    ({ id: factorId } = enrolled.data);
    secret = enrolled.data.totp.secret;
    firstCode = authenticator.generate(secret);
    const verified = await victim.client.auth.mfa.challengeAndVerify({ factorId, code: firstCode });
    if (verified.error) throw verified.error;
  });
  afterAll(() => t.close());

  /** The attacker knows the password only. */
  async function passwordOnly(): Promise<{ c: SupabaseClient; token: string }> {
    const c = client(base, anon);
    const { data, error } = await c.auth.signInWithPassword({ email, password });
    if (error) throw error;
    return { c, token: data.session.access_token };
  }

  it('an aal1 token reads no /api route: 403 { error, details.code insufficient_aal }', async () => {
    const { c, token } = await passwordOnly();
    expect((await c.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    for (const path of ['/api/user/status', '/api/registered-users?page=1', '/api/dashboard']) {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, path).toBe(403);
      expect(await res.json(), path).toEqual({
        error: expect.stringMatching(/second factor/i),
        details: { code: 'insufficient_aal' },
      });
    }
  });

  it('an aal1 token reads and writes nothing through /rest/v1', async () => {
    const { c } = await passwordOnly();
    const read = await c.from('profiles').select('*');
    expect(read.error).toMatchObject({ code: 'insufficient_aal' });
    expect(read.status).toBe(403);
    const write = await c.from('profiles').update({ theme: 'dark' }).eq('email', email);
    expect(write.status).toBe(403);
  });

  it('an aal1 session changes neither password, e-mail nor profile data: 403 insufficient_aal', async () => {
    const { c } = await passwordOnly();
    for (const change of [
      { password: 'stolen-pass-9' },
      { email: `thief.${email}` },
      { data: { fullName: 'X' } },
    ]) {
      const { error } = await c.auth.updateUser(change);
      expect(error, JSON.stringify(change)).toMatchObject({ status: 403, code: 'insufficient_aal' });
    }
    expect((await client(base, anon).auth.signInWithPassword({ email, password })).error).toBeNull();
  });

  it('an aal1 session cannot enrol a second factor (the takeover path of the review)', async () => {
    const { c } = await passwordOnly();
    const enrol = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'thief' });
    expect(enrol.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    expect((await c.auth.mfa.unenroll({ factorId })).error).toMatchObject({ code: 'insufficient_aal' });
    const userId = (await c.auth.getUser()).data.user!.id;
    expect(await t.db.db.select().from(authMfaFactors).where(eq(authMfaFactors.userId, userId))).toHaveLength(
      1,
    );
  });

  it('a TOTP code is accepted once: the code of the enrolment is refused again, a fresh one passes', async () => {
    const { c, token } = await passwordOnly();
    const replay = await c.auth.mfa.challengeAndVerify({ factorId, code: firstCode });
    expect(replay.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    const code = nextStepCode(secret);
    expect((await c.auth.mfa.challengeAndVerify({ factorId, code })).error).toBeNull();
    // The same fresh code, presented by a second attacker session, is refused.
    const other = await passwordOnly();
    expect((await other.c.auth.mfa.challengeAndVerify({ factorId, code })).error).toMatchObject({
      code: 'mfa_verification_failed',
    });
    // The aal2 session reaches the API; the aal1 token it replaced still does not.
    const { data } = await c.auth.getSession();
    expect(data.session?.access_token).not.toBe(token);
    const ok = await fetch(`${base}/api/user/status`, {
      headers: { authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(ok.status).toBe(200);
    expect((await c.from('profiles').select('id')).data).toHaveLength(1);
  });
});

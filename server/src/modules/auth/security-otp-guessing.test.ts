import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { createTestApp, listen, type TestApp } from '../../../test/support/harness.ts';
import { mailOutbox } from '../../db/schema/auth.ts';
import { client, keysOf, parseAuthMail, signedUpClient } from '../../../test/support/auth-clients.ts';

/**
 * Finding 1 of the security review (docs/security.md): account takeover by guessing a recovery code.
 * The attacker knows the victim's address, asks for a recovery, and guesses — as a typed code, as
 * GoTrue's token_hash (which used to be sha256(email + code), computable from a guess), or through the
 * GET link — rotating X-Forwarded-For. Every path must spend one budget per address, and the code must
 * die.
 */
describe('security: guessing e-mailed codes (finding 1)', () => {
  let t: TestApp;
  let base: string;
  let anon: string;
  beforeAll(async () => {
    t = await createTestApp({ auth: { otpMaxAttempts: 5 } });
    base = await listen(t.app);
    anon = keysOf(t.app).anonKey;
  });
  afterAll(() => t.close());

  let n = 0;
  const verify = (body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/v1/verify',
      headers: {
        apikey: anon,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
        // A different made-up client address on every try.
        'x-forwarded-for': `203.0.113.${++n % 250}`,
      },
      payload: body,
    });

  /** The victim asks for a recovery (as the attacker would); the mail is read from the outbox. */
  async function recoveryMail(email: string) {
    expect((await client(base, anon).auth.resetPasswordForEmail(email)).error).toBeNull();
    const [row] = await t.db.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const { code, link } = parseAuthMail(row!.body);
    const token = new URL(link!).searchParams.get('token')!;
    return { code, link: link!, token };
  }

  it('refuses a token_hash computed from the address and the right code; the link token is random', async () => {
    const victim = await signedUpClient(base, t.app, 'victim');
    const { code, token } = await recoveryMail(victim.id.email);
    const computed = createHash('sha256')
      .update(victim.id.email + code)
      .digest('hex');
    expect(token).not.toBe(computed);
    expect(token).toMatch(/^[0-9a-f]{40}$/); // 160 random bits
    const res = await verify({ type: 'recovery', token_hash: computed });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'otp_expired' });

    // The stock client still verifies with the token_hash the mail carries.
    const ok = await client(base, anon).auth.verifyOtp({ token_hash: token, type: 'recovery' });
    expect(ok.error).toBeNull();
    expect(ok.data.session).not.toBeNull();
  });

  it('kills the code after N wrong guesses from rotating sources: the right code and the link fail', async () => {
    const victim = await signedUpClient(base, t.app, 'victim');
    const { code, link, token } = await recoveryMail(victim.id.email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await verify({ type: 'recovery', email: victim.id.email, token: wrong });
      expect(res.statusCode).toBe(403);
    }
    const right = await verify({ type: 'recovery', email: victim.id.email, token: code });
    expect(right.statusCode).toBe(429);
    const viaHash = await verify({ type: 'recovery', token_hash: token });
    expect(viaHash.statusCode).toBeGreaterThanOrEqual(403);
    expect(viaHash.json()).not.toHaveProperty('access_token');
    const viaLink = await fetch(link.replace(/^https?:\/\/[^/]+/, base), { redirect: 'manual' });
    expect(viaLink.status).toBe(303);
    expect(viaLink.headers.get('location')).toContain('error=access_denied');
    expect(viaLink.headers.get('location')).not.toContain('access_token');
  });

  it('charges guesses through the typed code and the link to the same address budget', async () => {
    const victim = await signedUpClient(base, t.app, 'victim');
    const first = await recoveryMail(victim.id.email);
    const wrong = first.code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 4; i++)
      expect((await verify({ type: 'recovery', email: victim.id.email, token: wrong })).statusCode).toBe(403);
    // A fifth wrong guess spends the budget: a fresh code mailed now cannot be guessed at either.
    expect((await verify({ type: 'recovery', email: victim.id.email, token: wrong })).statusCode).toBe(403);
    const second = await recoveryMail(victim.id.email);
    expect((await verify({ type: 'recovery', token_hash: second.token })).statusCode).toBe(429);
    expect((await verify({ type: 'recovery', email: victim.id.email, token: second.code })).statusCode).toBe(
      429,
    );
  });

  it('a right code before the budget is spent signs in, and resets the budget', async () => {
    const owner = await signedUpClient(base, t.app, 'owner');
    const { code } = await recoveryMail(owner.id.email);
    const wrong = code === '123456' ? '123457' : '123456';
    for (let i = 0; i < 2; i++)
      expect((await verify({ type: 'recovery', email: owner.id.email, token: wrong })).statusCode).toBe(403);
    const ok = await verify({ type: 'recovery', email: owner.id.email, token: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toHaveProperty('access_token');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { newIdentity } from '../../../test/support/auth-clients.ts';

/**
 * Finding 9 of the security review (docs/security.md): `/otp` answered differently for known and
 * unknown addresses, and with autoconfirm off `POST /signup` with an existing unconfirmed address
 * returned that user's id, name and mobile number. The duplicate-email message of docs/product.md §8
 * for a confirmed address stays (product rule).
 */
describe("security: no enumeration, no other user's data (finding 9)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ auth: { autoconfirm: false } });
  });
  afterAll(() => t.close());

  const post = (path: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/auth/v1${path}`,
      headers: {
        apikey: t.app.authService.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      payload,
    });

  it('/otp answers the same for a known and an unknown address', async () => {
    const known = newIdentity('known');
    expect(
      (await post('/signup', { email: known.email, password: known.password, data: known.data })).statusCode,
    ).toBe(200);
    const a = await post('/otp', { email: known.email });
    const b = await post('/otp', { email: 'nobody.here@bank.sl' });
    expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
    expect(a.statusCode).toBe(200);
  });

  it('/signup with an existing unconfirmed address never returns that user', async () => {
    const victim = newIdentity('victim');
    const first = await post('/signup', {
      email: victim.email,
      password: victim.password,
      data: victim.data,
    });
    expect(first.statusCode).toBe(200);
    const victimId = first.json<{ id: string }>().id;

    const attacker = newIdentity('attacker');
    const again = await post('/signup', {
      email: victim.email,
      password: attacker.password,
      data: attacker.data,
    });
    expect(again.statusCode).toBe(200);
    const body = again.json<{ id: string; user_metadata: unknown }>();
    expect(body.id).not.toBe(victimId);
    expect(again.body).not.toContain(victimId);
    expect(again.body).not.toContain(victim.data.fullName);
    expect(again.body).not.toContain(victim.data.mobileNo);
    expect(body.user_metadata).toEqual(attacker.data);
    // Shaped like a fresh sign-up: the answer does not tell that the address was taken.
    expect(Object.keys(body).sort()).toEqual(Object.keys(first.json<object>()).sort());
  });

  it('a confirmed address still gets the duplicate-email answer of docs/product.md §8', async () => {
    const owner = newIdentity('owner');
    const created = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/admin/users',
      headers: {
        apikey: t.app.authService.serviceRoleKey,
        authorization: `Bearer ${t.app.authService.serviceRoleKey}`,
      },
      payload: {
        email: owner.email,
        password: owner.password,
        email_confirm: true,
        user_metadata: owner.data,
      },
    });
    expect(created.statusCode).toBe(200);
    const dup = newIdentity('dup');
    const res = await post('/signup', { email: owner.email, password: dup.password, data: dup.data });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'user_already_exists' });
  });
});

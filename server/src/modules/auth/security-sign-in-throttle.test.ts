import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';

/**
 * Finding 3 of the security review (docs/security.md): five wrong passwords from five addresses locked
 * any account, superusers included, for 15 minutes, repeatable forever. Now failures count per
 * (account, source); the owner's right password from a clean source always gets in. (TRUST_PROXY names
 * the loopback "proxy", so each X-Forwarded-For stands for a different real client, as behind a load
 * balancer.)
 */
describe('security: nobody can lock another person out (finding 3)', () => {
  let t: TestApp;
  let victim: StaffUser;
  let superuser: StaffUser;
  let staffMember: StaffUser;
  beforeAll(async () => {
    t = await createTestApp({
      trustProxy: ['127.0.0.1'],
      auth: { lockoutAttempts: 5, accountFailuresPerHour: 12, accountSlowdownSeconds: 60 },
    });
    const staff = await staffUsers(t.app);
    victim = await staff.make('superuser', 'victim');
    superuser = await staff.make('superuser', 'boss');
    staffMember = await staff.make('activated', 'clerk');
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string, from: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: {
        apikey: t.app.authService.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
        'x-forwarded-for': from,
      },
      payload: { email, password },
    });
  const RIGHT = 'correct-horse-1';

  it('the owner signs in from a clean source after failures from many others', async () => {
    // The owner has signed in from the office before (a trusted source for the account ceiling).
    expect((await signIn(victim.email, RIGHT, '192.0.2.10')).statusCode).toBe(200);
    for (let round = 0; round < 2; round++)
      for (let i = 1; i <= 5; i++)
        expect((await signIn(victim.email, `wrong-${round}-${i}`, `203.0.113.${i}`)).statusCode).toBe(400);
    const owner = await signIn(victim.email, RIGHT, '198.51.100.7');
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toHaveProperty('access_token');
  });

  it('one source backs off after its free failures, even with the right password; others do not', async () => {
    const from = '203.0.113.200';
    for (let i = 0; i < 5; i++)
      expect((await signIn(staffMember.email, `nope-${i}`, from)).statusCode).toBe(400);
    const slowed = await signIn(staffMember.email, RIGHT, from);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toMatchObject({ code: 'over_request_rate_limit' });
    expect((await signIn(staffMember.email, RIGHT, '198.51.100.8')).statusCode).toBe(200);
  });

  it("past the account-wide ceiling: new sources are slowed, the owner's usual source is not, superusers are told", async () => {
    // The first test left 10 failures this hour; two more reach the ceiling of 12.
    for (const i of [6, 7])
      expect((await signIn(victim.email, `again-${i}`, `203.0.113.${i}`)).statusCode).toBe(400);
    // One check per slowdown period for sources the account never signed in from.
    const statuses = [];
    for (const i of [21, 22, 23])
      statuses.push((await signIn(victim.email, `more-${i}`, `203.0.113.${i}`)).statusCode);
    expect(statuses).toEqual([400, 429, 429]);
    // Slower, never blocked: the owner's usual source still signs in at once.
    expect((await signIn(victim.email, RIGHT, '192.0.2.10')).statusCode).toBe(200);

    const dashboard = async (who: StaffUser) =>
      (
        await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { authorization: who.auth } })
      ).json<{ events: { type: string; title: string; description: string }[] }>();
    const alerts = (await dashboard(superuser)).events.filter((e) => e.title === 'Account under attack');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ type: 'alert' });
    expect(alerts[0]!.description).toContain(victim.email);
    expect((await dashboard(staffMember)).events.some((e) => e.title === 'Account under attack')).toBe(false);
  });
});

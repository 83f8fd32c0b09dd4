import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { createTestApp, listen, testConfig, type TestApp } from '../../../test/support/harness.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { authRateLimits, authSessions, authUsers, profiles, staff } from '../../db/schema/auth.ts';
import { client, keysOf, newIdentity, signedUpClient } from '../../../test/support/auth-clients.ts';

/** Lockout, rate limits and hostile input: always a 4xx, never a change. */
describe('auth abuse resistance', () => {
  let t: TestApp;
  let base: string;
  let anon: string;
  beforeAll(async () => {
    t = await createTestApp({ auth: { lockoutAttempts: 3, otpMaxAttempts: 3, emailMinIntervalSeconds: 60 } });
    base = await listen(t.app);
    anon = keysOf(t.app).anonKey;
  });
  afterAll(() => t.close());

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/auth/v1${path}`, {
      method: 'POST',
      headers: {
        apikey: anon,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
        ...headers,
      },
      body,
    });

  const snapshot = async () => {
    const n = async (table: typeof authUsers | typeof profiles | typeof staff | typeof authSessions) =>
      (await t.db.db.select({ n: count() }).from(table))[0]!.n;
    return {
      users: await n(authUsers),
      profiles: await n(profiles),
      staff: await n(staff),
      sessions: await n(authSessions),
    };
  };

  it('locks an account after repeated failures (429), across server processes, without touching others', async () => {
    const victim = await signedUpClient(base, t.app);
    const bystander = await signedUpClient(base, t.app);
    const c = client(base, anon);
    for (let i = 0; i < 3; i++) {
      expect(
        (await c.auth.signInWithPassword({ email: victim.id.email, password: 'wrong-guess' })).error?.code,
      ).toBe('invalid_credentials');
    }
    const locked = await c.auth.signInWithPassword({ email: victim.id.email, password: victim.id.password });
    expect(locked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });

    // A second server on the same database sees the same counter.
    const second = await buildApp({ config: t.config, db: t.db, logger: false });
    const res = await second.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: { apikey: anon, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      payload: { email: victim.id.email, password: victim.id.password },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 'over_request_rate_limit', message: expect.any(String) });
    await second.close();

    expect(
      (
        await client(base, anon).auth.signInWithPassword({
          email: bystander.id.email,
          password: bystander.id.password,
        })
      ).error,
    ).toBeNull();
    const failures = await t.db.db.select().from(auditLog).where(eq(auditLog.actorEmail, victim.id.email));
    expect(failures.filter((a) => a.action === 'auth.sign_in' && a.outcome === 'failure')).toHaveLength(3);
    expect(failures.filter((a) => a.outcome === 'denied').length).toBeGreaterThanOrEqual(1);
  });

  it('rate-limits per IP (429 over_request_rate_limit), counted in the database', async () => {
    // A second server on the same database with a low limit; requests from an address of their own.
    const limited = await buildApp({
      config: testConfig({ auth: { ipRateLimitPerMinute: 4 } }),
      db: t.db,
      logger: false,
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const r = await limited.inject({
          method: 'POST',
          url: '/auth/v1/token?grant_type=password',
          remoteAddress: '10.23.2.1',
          headers: {
            apikey: anon,
            'content-type': 'application/json',
            'x-supabase-api-version': '2024-01-01',
          },
          payload: { email: `x${i}@bank.sl`, password: 'whatever1' },
        });
        statuses.push(r.statusCode);
        if (r.statusCode === 429) expect(r.json()).toMatchObject({ code: 'over_request_rate_limit' });
      }
      expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
      const [row] = await t.db.db.select().from(authRateLimits).where(eq(authRateLimits.key, 'ip:10.23.2.1'));
      expect(row?.hits).toBe(6);
    } finally {
      await limited.close();
    }
  });

  it('rate-limits mail per recipient (429 over_email_send_rate_limit)', async () => {
    const { id } = await signedUpClient(base, t.app);
    const c = client(base, anon);
    expect((await c.auth.resetPasswordForEmail(id.email)).error).toBeNull();
    const again = await c.auth.resetPasswordForEmail(id.email);
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });

  it('malformed bodies, wrong types, huge bodies and SQL metacharacters get a 4xx and change nothing', async () => {
    await signedUpClient(base, t.app);
    const before = await snapshot();
    const id = newIdentity('hostile');
    const cases: [string, string][] = [
      ['/signup', '{"email": "a@b.sl", "password": '],
      ['/signup', '[1,2,3]'],
      ['/signup', '"just a string"'],
      ['/signup', JSON.stringify({ email: 123, password: 'secret-pass' })],
      ['/signup', JSON.stringify({ email: id.email, password: { $gt: '' }, data: id.data })],
      ['/signup', JSON.stringify({ email: id.email, password: 'secret-pass', data: 'fullName' })],
      [
        '/signup',
        JSON.stringify({
          email: id.email,
          password: 'secret-pass',
          data: { ...id.data, mobileNo: 5551234567 },
        }),
      ],
      [
        '/signup',
        JSON.stringify({
          email: "x'; drop table auth_users; --@bank.sl",
          password: 'secret-pass',
          data: id.data,
        }),
      ],
      [
        '/signup',
        JSON.stringify({
          email: id.email,
          password: 'secret-pass',
          data: { ...id.data, mobileNo: "12' or '1'='1" },
        }),
      ],
      ['/signup', JSON.stringify({ email: id.email, password: 'x'.repeat(5000), data: id.data })],
      [
        '/signup',
        JSON.stringify({
          email: id.email,
          password: 'secret-pass',
          data: { ...id.data, blob: 'x'.repeat(20_000) },
        }),
      ],
      ['/signup', `{"email":"${id.email}","password":"secret-pass","data":{"__proto__":{"admin":true}}}`],
      ['/token?grant_type=password', JSON.stringify({ email: "' OR '1'='1", password: "' OR '1'='1" })],
      ['/token?grant_type=password', JSON.stringify({ email: ['a@b.sl'], password: 'x' })],
      ['/token?grant_type=refresh_token', JSON.stringify({ refresh_token: 42 })],
      ['/token?grant_type=refresh_token', JSON.stringify({ refresh_token: "' or 1=1 --" })],
      ['/verify', JSON.stringify({ type: 'recovery', token_hash: "' or ''='" })],
      ['/verify', JSON.stringify({ type: 'nope', token: '123456', email: 'a@b.sl' })],
      ['/recover', JSON.stringify({ email: null })],
      ['/logout', '{}'],
      ['/sso', '{"domain": "bank.sl"}'],
    ];
    for (const [path, body] of cases) {
      const res = await post(path, body);
      expect(res.status, `${path} ${body.slice(0, 80)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${path} ${body.slice(0, 80)}`).toBeLessThan(500);
      const json = (await res.json()) as { code?: unknown; message?: unknown };
      expect(typeof json.code, path).toBe('string');
      expect(typeof json.message, path).toBe('string');
    }
    const huge = await post(
      '/signup',
      JSON.stringify({ email: id.email, password: 'secret-pass', data: { x: 'y'.repeat(2 * 1024 * 1024) } }),
    );
    expect(huge.status).toBe(413);
    const wrongType = await fetch(`${base}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: anon, 'content-type': 'text/plain' },
      body: 'email=a',
    });
    expect([400, 415]).toContain(wrongType.status);
    const restInjection = await fetch(
      `${base}/rest/v1/profiles?select=theme&id=eq.${encodeURIComponent("1' or '1'='1")}`,
      { headers: { apikey: anon, authorization: `Bearer ${anon}` } },
    );
    expect(restInjection.status).toBe(400);
    const restColumn = await fetch(
      `${base}/rest/v1/profiles?select=${encodeURIComponent('theme,(select 1)')}`,
      { headers: { apikey: anon } },
    );
    expect(restColumn.status).toBe(400);
    const apiBad = await fetch(`${base}/api/users/activate-first-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(apiBad.status).toBeLessThan(500);
    expect(apiBad.status).toBeGreaterThanOrEqual(400);
    expect(await snapshot()).toEqual(before);
  });

  it('limits wrong e-mail codes per address (429 after the lockout threshold)', async () => {
    const { id } = await signedUpClient(base, t.app);
    const c = client(base, anon);
    await c.auth.signInWithOtp({ email: id.email });
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 4; i++)
      codes.push(
        (await c.auth.verifyOtp({ email: id.email, token: `00000${i}`, type: 'email' })).error?.code,
      );
    expect(codes).toEqual(['otp_expired', 'otp_expired', 'otp_expired', 'over_request_rate_limit']);
  });

  it('lets a burst of concurrent guesses through no more often than the lockout allows', async () => {
    // Each attempt must take its slot before it is checked; reading the count first let every
    // attempt of a burst see "under the limit" (found by the two-server test, test:cluster).
    const { id } = await signedUpClient(base, t.app);
    const passwords = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post('/token?grant_type=password', JSON.stringify({ email: id.email, password: `guess-${i}` })),
      ),
    );
    expect(passwords.filter((r) => r.status === 400)).toHaveLength(3);
    expect(passwords.filter((r) => r.status === 429)).toHaveLength(9);

    const other = await signedUpClient(base, t.app);
    await client(base, anon).auth.signInWithOtp({ email: other.id.email });
    const codes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(
          '/verify',
          JSON.stringify({ email: other.id.email, token: `1${String(i).padStart(5, '0')}`, type: 'email' }),
        ),
      ),
    );
    expect(codes.filter((r) => r.status !== 429)).toHaveLength(3);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../test/support/staff-users.ts';
import { keysOf, newIdentity } from '../../test/support/auth-clients.ts';

/**
 * What a response gives away beyond its purpose: cached copies of authenticated data and tokens, the
 * shape of a route's body to a caller who may not call it, the API map to anyone, and 429s without
 * a time to come back.
 */
describe('caching and errors', () => {
  let t: TestApp;
  let clerk: StaffUser;
  let pending: StaffUser;
  let root: StaffUser;
  beforeAll(async () => {
    // Wrong passwords are slowed after two, so the lockout answers quickly.
    t = await createTestApp({ auth: { lockoutAttempts: 2 } });
    const { make } = await staffUsers(t.app);
    clerk = await make('activated', 'cachestaff');
    pending = await make('pending', 'cachepending');
    root = await make('superuser', 'cacheroot');
  });
  afterAll(() => t.close());

  it('sends Cache-Control: no-store on authenticated JSON and on /auth/v1/token', async () => {
    const status = await t.app.inject({ url: '/api/user/status', headers: { authorization: clerk.auth } });
    expect(status.statusCode).toBe(200);
    expect(status.headers['cache-control']).toBe('no-store');
    const id = newIdentity('cachesignin');
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: { apikey: keysOf(t.app).anonKey },
      payload: { email: id.email, password: id.password, data: id.data },
    });
    expect(signUp.headers['cache-control']).toBe('no-store');
    const token = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: { apikey: keysOf(t.app).anonKey },
      payload: { email: id.email, password: id.password },
    });
    expect(token.statusCode).toBe(200);
    expect(token.json()).toHaveProperty('refresh_token');
    expect(token.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 before validating a body, and 403 to a caller who may not use the route', async () => {
    const bad = { direction: 'sideways', amount: 12 };
    const url = '/api/accounts/0000000000/transactions';
    const anonymous = await t.app.inject({ method: 'POST', url, payload: bad });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).not.toHaveProperty('details');
    const forged = await t.app.inject({
      method: 'POST',
      url,
      payload: bad,
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(forged.statusCode).toBe(401);
    const notActivated = await t.app.inject({
      method: 'POST',
      url,
      payload: bad,
      headers: { authorization: pending.auth },
    });
    expect(notActivated.statusCode).toBe(403);
    expect(JSON.stringify(notActivated.json())).not.toMatch(/direction|amount/);
  });

  it('still tells a caller who may use the route what is wrong with the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/0000000000/transactions',
      payload: { direction: 'sideways', amount: 12 },
      headers: { authorization: root.auth },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('details');
  });

  it('serves /api/docs only to signed-in, activated staff outside demo mode', async () => {
    for (const url of ['/api/docs/json', '/api/docs/', '/api/docs/yaml']) {
      expect((await t.app.inject(url)).statusCode, url).toBe(401);
      expect((await t.app.inject({ url, headers: { authorization: pending.auth } })).statusCode, url).toBe(
        403,
      );
      expect((await t.app.inject({ url, headers: { authorization: clerk.auth } })).statusCode, url).toBe(200);
    }
  });

  it('gives every 429 a Retry-After: the sign-in slowdown says how long', async () => {
    const id = newIdentity('cachelock');
    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        headers: { apikey: keysOf(t.app).anonKey },
        payload: { email: id.email, password: 'wrong-password-1' },
      });
    let res = await signIn();
    for (let i = 0; i < 5 && res.statusCode !== 429; i++) res = await signIn();
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('/api/docs in demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
  });
  afterAll(() => t.close());

  it('is open, as the demo shows the API to anyone trying it', async () => {
    expect((await t.app.inject('/api/docs/json')).statusCode).toBe(200);
  });
});

describe('the IP rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ auth: { ipRateLimitPerMinute: 2 } });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After', async () => {
    const statuses: { code: number; retry: unknown }[] = [];
    for (let i = 0; i < 4; i++) {
      const id = newIdentity('cacheip');
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/signup',
        headers: { apikey: keysOf(t.app).anonKey },
        payload: { email: id.email, password: id.password, data: id.data },
      });
      statuses.push({ code: res.statusCode, retry: res.headers['retry-after'] });
    }
    const limited = statuses.filter((s) => s.code === 429);
    expect(limited.length).toBeGreaterThan(0);
    for (const s of limited) expect(s.retry).toBe('60');
  });
});

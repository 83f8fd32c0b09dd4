import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * Finding 2 of the security review (docs/security.md): X-Forwarded-For was trusted from anyone, so
 * rotating it bypassed every per-IP limit and audit rows recorded the address the attacker chose.
 * TRUST_PROXY is off by default.
 */
describe('security: X-Forwarded-For is honoured only from TRUST_PROXY (finding 2)', () => {
  const signInFailure = (t: TestApp, xff: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: {
        apikey: t.app.authService.anonKey,
        'content-type': 'application/json',
        'x-forwarded-for': xff,
      },
      payload: { email: 'nobody@bank.sl', password: 'wrong-password' },
    });
  const lastSignInIp = async (t: TestApp) =>
    (
      await queryRows<{ ip: string }>(
        t.db.db,
        sql`select host(ip) as ip from audit_log where action = 'auth.sign_in' order by id desc limit 1`,
      )
    )[0]?.ip;

  describe('default (off)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ auth: { ipRateLimitPerMinute: 10 } });
    });
    afterAll(() => t.close());

    it('rotating X-Forwarded-For does not escape the per-IP limit', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/auth/v1/verify',
          headers: {
            apikey: t.app.authService.anonKey,
            'content-type': 'application/json',
            'x-forwarded-for': `198.51.100.${i}`,
          },
          payload: { type: 'recovery', token_hash: `${i}`.padStart(40, '0') },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true);
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    });

    it('audits the peer address, not the one the client wrote', async () => {
      await t.close(); // a fresh per-IP budget
      t = await createTestApp();
      await signInFailure(t, '203.0.113.99');
      expect(await lastSignInIp(t)).toBe('127.0.0.1');
    });
  });

  describe('behind a proxy (TRUST_PROXY=127.0.0.1)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ trustProxy: ['127.0.0.1'] });
    });
    afterAll(() => t.close());

    it('audits the client address the trusted proxy reports', async () => {
      await signInFailure(t, '203.0.113.99');
      expect(await lastSignInIp(t)).toBe('203.0.113.99');
    });
  });

  it('parses off, a hop count, or addresses and CIDRs, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
    for (const bad of ['true', 'everyone', '10.0.0.0/33', '10.0.0.1/8/8'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
  });
});

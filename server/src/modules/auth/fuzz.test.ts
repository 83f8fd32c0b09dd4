import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { count, eq, isNull, or } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { authUsers, profiles, staff } from '../../db/schema/auth.ts';
import { keysOf } from './test-support.ts';

const ROUTES = [
  ['POST', '/auth/v1/signup'],
  ['POST', '/auth/v1/token?grant_type=password'],
  ['POST', '/auth/v1/token?grant_type=refresh_token'],
  ['POST', '/auth/v1/recover'],
  ['POST', '/auth/v1/verify'],
  ['POST', '/auth/v1/resend'],
  ['POST', '/auth/v1/otp'],
  ['PUT', '/auth/v1/user'],
  ['POST', '/auth/v1/factors'],
  ['POST', '/auth/v1/admin/users'],
  ['POST', '/auth/v1/admin/generate_link'],
  ['POST', '/auth/v1/invite'],
] as const;

/** Field names the routes read, so random bodies hit real code paths, with random values. */
const fieldName = fc.constantFrom('email', 'password', 'data', 'phone', 'type', 'token', 'token_hash', 'refresh_token', 'factor_type', 'friendly_name', 'user_metadata', 'ban_duration', 'email_confirm', 'nonce', '__proto__', 'constructor');
const body = fc.oneof(
  fc.dictionary(fieldName, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Random input never crashes a route: every answer is a 2xx or a GoTrue-shaped 4xx. */
describe('auth routes under random input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers random JSON bodies without a 5xx', async () => {
    const { anonKey, serviceKey } = keysOf(t.app);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), body, fc.boolean(), async ([method, url], payload, asAdmin) => {
        const key = asAdmin ? serviceKey : anonKey;
        const res = await t.app.inject({
          method,
          url,
          headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload).slice(0, 200)} → ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(typeof res.json<{ code: unknown }>().code).toBe('string');
      }),
      { numRuns: 150 },
    );
    // Whatever random input did create, it created whole users: none without a profile or staff row.
    const orphans = await t.db.db
      .select({ n: count() })
      .from(authUsers)
      .leftJoin(profiles, eq(profiles.id, authUsers.id))
      .leftJoin(staff, eq(staff.userId, authUsers.id))
      .where(or(isNull(profiles.id), isNull(staff.userId)));
    expect(orphans[0]!.n).toBe(0);
  });
});

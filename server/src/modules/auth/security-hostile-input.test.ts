import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { giveLargeLimits } from '../../../test/support/roles.ts';
import { queryRows } from '../../db/rows.ts';
import { openTestAccount, accountBalance } from '../../../test/support/banking-fixtures.ts';
import { NASTY_STRINGS } from '../../../test/fuzz/hostile-values.ts';

/**
 * Finding 10 of the security review (docs/security.md): two 500s the fuzzer had missed.
 * `GET /verify?redirect_to=` with CR/LF or U+2028 (a same-origin URL, so it reached the Location header),
 * and a credit that takes a balance past numeric(18,2). Now 400 and 409 with a clear message, and both
 * are in the fuzz dictionary.
 */
describe('security: hostile redirect_to and balance overflow (finding 10)', () => {
  let t: TestApp;
  let officer: StaffUser;
  let superuser: StaffUser;
  beforeAll(async () => {
    t = await createTestApp();
    const staff = await staffUsers(t.app);
    officer = await staff.make('activated');
    // A superuser with a test role of the largest limits, so the huge credit is posted at once, not
    // sent for approval.
    superuser = await staff.make('superuser');
    await giveLargeLimits(t.app, superuser.userId);
  });
  afterAll(() => t.close());

  const publicUrl = () => t.config.publicUrl;

  it('GET /verify with CR/LF or U+2028 in a same-origin redirect_to is 400, never a header', async () => {
    for (const tail of ['/\r\nSet-Cookie: x=1', '/\u2028', '/a\nb', '/\u0085']) {
      const q = new URLSearchParams({ type: 'recovery', token: 'abc', redirect_to: publicUrl() + tail });
      const res = await t.app.inject({ method: 'GET', url: `/auth/v1/verify?${q.toString()}` });
      expect(res.statusCode, JSON.stringify(tail)).toBe(400);
      expect(res.json()).toMatchObject({ msg: expect.stringContaining('redirect_to') });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('POST /recover refuses such a redirect_to alike for known and unknown addresses', async () => {
    const ask = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: `/auth/v1/recover?redirect_to=${encodeURIComponent(`${publicUrl()}/\r\nX: 1`)}`,
        headers: { apikey: t.app.authService.anonKey, 'content-type': 'application/json' },
        payload: { email },
      });
    const known = await ask(officer.email);
    const unknown = await ask('nobody.at.all@bank.sl');
    expect([known.statusCode, unknown.statusCode]).toEqual([400, 400]);
  });

  it('a credit past numeric(18,2) is 409 balance_out_of_range, and changes nothing', async () => {
    const { accountId } = await openTestAccount(t.db.db);
    const [a] = await queryRows<{ account_number: string }>(
      t.db.db,
      sql`select account_number from accounts where id = ${accountId}`,
    );
    const credit = (amount: string, reference: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/accounts/${a!.account_number}/transactions`,
        headers: { authorization: superuser.auth },
        payload: {
          direction: 'credit',
          amount,
          description: 'Overflow attempt',
          reference,
          counter_account: '1900',
        },
      });
    expect((await credit('9999999999999999.99', 'OVF-1')).statusCode).toBe(201);
    const res = await credit('0.01', 'OVF-2');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: expect.stringContaining('most an account can hold'),
      details: { code: 'balance_out_of_range' },
    });
    expect(await accountBalance(t.db.db, accountId)).toBe('9999999999999999.99');
  });

  it('the fuzz dictionary carries both inputs', () => {
    const values: readonly string[] = NASTY_STRINGS;
    expect(values).toContain('9999999999999999.99');
    expect(values.some((v) => v.startsWith('http://localhost:3000/') && /[\r\n]/.test(v))).toBe(true);
    expect(values.some((v) => v.includes('\u2028'))).toBe(true);
  });
});

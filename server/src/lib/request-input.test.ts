import { makeAccountNumber } from '@bankmanager/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../test/support/staff-users.ts';
import { queryRows } from '../db/rows.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-body.ts';
import { findUnstorableText } from './input-text.ts';

/** Defects the fuzz suite (server/test/fuzz) found in how requests are read; each was a 500 or a silent change. */
describe('request input the server refuses, with a 4xx that says why', () => {
  let t: TestApp;
  let user: StaffUser;
  let anonKey: string;
  beforeAll(async () => {
    t = await createTestApp();
    user = await (await staffUsers(t.app)).make('activated');
    anonKey = t.app.authService.anonKey;
  });
  afterAll(() => t.close());

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload?: string | Buffer,
    contentType = 'application/json',
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        authorization: user.auth,
        apikey: anonKey,
        'x-supabase-api-version': '2024-01-01',
        ...(payload === undefined ? {} : { 'content-type': contentType }),
      },
      ...(payload === undefined ? {} : { payload }),
    });
  const fullName = async () =>
    (
      await queryRows<{ full_name: string }>(
        t.db.db,
        sql`select full_name from profiles where id = ${user.userId}`,
      )
    )[0]!.full_name;

  it('counts JSON nesting in one pass, ignoring brackets inside strings', () => {
    expect(nestsDeeperThan('[[1]]', 2)).toBe(false);
    expect(nestsDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(nestsDeeperThan('{"a":"[[[[\\"[[["}', 1)).toBe(false);
  });

  it('refuses bytes that are not UTF-8 (400) instead of storing U+FFFD', async () => {
    const before = await fullName();
    const body = Buffer.concat([
      Buffer.from('{"data":{"fullName":"Ana '),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}}'),
    ]);
    const res = await send('PUT', '/auth/v1/user', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation_failed', message: 'The request body is not valid UTF-8' });
    expect(await fullName()).toBe(before);
    expect((await send('PUT', '/api/registered-users/1/subscription', body)).json()).toEqual({
      error: 'The request body is not valid UTF-8',
    });
  });

  it('refuses JSON declared in another charset (415), takes UTF-8 declared', async () => {
    const res = await send('POST', '/api/users/add-new-user', '{}', 'application/json; charset=latin1');
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('Unsupported charset "latin1": send JSON as UTF-8');
    expect(
      (await send('POST', '/api/users/add-new-user', '{}', 'application/json; charset=UTF-8')).statusCode,
    ).toBe(200);
  });

  it(`refuses JSON nested deeper than ${MAX_JSON_DEPTH} levels (metadata 5,000 deep was a 500)`, async () => {
    const nested = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    const res = await send('PUT', '/auth/v1/user', `{"data":${nested(5000)}}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`The request body nests JSON deeper than ${MAX_JSON_DEPTH} levels`);
    expect((await send('PUT', '/auth/v1/user', `{"data":${nested(MAX_JSON_DEPTH - 2)}}`)).statusCode).toBe(
      200,
    );
  });

  it('refuses text/plain (415): it reached handlers that ignore their body, e.g. sign-out', async () => {
    const res = await send('POST', '/auth/v1/logout', '{}', 'text/plain');
    expect(res.statusCode).toBe(415);
    expect((await send('GET', '/api/user/status')).statusCode).toBe(200); // still signed in
  });

  it('still takes an empty JSON body where supabase-js sends one, and refuses it where a body is needed', async () => {
    expect((await send('POST', '/api/users/add-new-user', '')).statusCode).toBe(200);
    expect((await send('PUT', '/api/registered-users/1/subscription', '')).statusCode).toBe(400);
  });

  it('refuses NUL and unpaired surrogates anywhere in the input (the database refused them: 500)', async () => {
    const cases: [string, Promise<{ statusCode: number; body: string }>][] = [
      ['path', send('GET', '/api/accounts/%00')],
      ['query', send('GET', '/api/registered-users?q=a%00b')],
      ['PostgREST filter', send('GET', '/rest/v1/profiles?full_name=eq.%00')],
      ['body value', send('PUT', '/auth/v1/user', '{"data":{"fullName":"a\\u0000b"}}')],
      ['body key', send('PUT', '/auth/v1/user', '{"data":{"\\u0000":1}}')],
      ['lone surrogate', send('PUT', '/auth/v1/user', '{"data":{"fullName":"\\ud800"}}')],
    ];
    for (const [where, pending] of cases) {
      const res = await pending;
      expect(res.statusCode, where).toBe(400);
      expect(res.body, where).toMatch(/contains a NUL character or an unpaired surrogate/);
    }
    expect(findUnstorableText({ a: ['ok', { 'b\ud83d\ude00': '😀' }] }, 'body')).toBeUndefined();
  });

  it("audits a forged X-Forwarded-For as the peer's address (a non-address in the inet column was a 500)", async () => {
    for (const xff of ['not-an-ip', 'junk, 10.0.0.1', '300.1.1.1']) {
      const res = await t.app.inject({
        // A well-formed number (valid check digits) that does not exist: a 404 after the audited lookup.
        url: `/api/accounts/${makeAccountNumber('999', 1)}`,
        headers: { authorization: user.auth, 'x-forwarded-for': xff },
      });
      expect(res.statusCode, xff).toBe(404);
      const [row] = await queryRows<{ ip: string }>(
        t.db.db,
        sql`select host(ip) as ip from audit_log order by id desc limit 1`,
      );
      expect(row!.ip, xff).toBe('127.0.0.1');
    }
  });
});

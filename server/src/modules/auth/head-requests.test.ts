import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { mailOutbox } from '../../db/schema/auth.ts';

/**
 * GoTrue's two GET routes that write (found by the fuzz suite): Fastify answered HEAD with the GET
 * handler, so a HEAD (link previews, mail scanners) sent a code or used one up. HEAD must be safe.
 */
describe('HEAD on the GoTrue GETs that write', () => {
  let t: TestApp;
  let user: StaffUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await (await staffUsers(t.app)).make('pending');
  });
  afterAll(() => t.close());

  const mails = async () => (await t.db.db.select({ n: count() }).from(mailOutbox))[0]!.n;

  it('sends no mail for HEAD /reauthenticate, as GET does', async () => {
    const headers = { apikey: t.app.authService.anonKey, authorization: user.auth };
    const before = await mails();
    expect((await t.app.inject({ method: 'HEAD', url: '/auth/v1/reauthenticate', headers })).statusCode).toBe(
      404,
    );
    expect(await mails()).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: '/auth/v1/reauthenticate', headers })).statusCode).toBe(
      200,
    );
    expect(await mails()).toBe(before + 1);
  });

  it('does not serve HEAD /verify (the link in a mail)', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/auth/v1/verify?type=signup&token=abc' });
    expect(res.statusCode).toBe(404);
  });
});

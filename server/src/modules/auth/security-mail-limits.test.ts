import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { mailOutbox } from '../../db/schema/auth.ts';
import { staffUsers } from '../../../test/support/staff-users.ts';

/**
 * Finding 7 of the security review (docs/security.md): 80 `/recover` calls for addresses that do not
 * exist used up the global hourly mail cap, so nobody got auth mail for an hour. Mail never sent must
 * not count; per-address and per-source limits come first; the global cap protects the SMTP server.
 */
describe('security: one client cannot block auth mail for everyone (finding 7)', () => {
  let t: TestApp;
  let makeUser: Awaited<ReturnType<typeof staffUsers>>['make'];
  beforeAll(async () => {
    t = await createTestApp({
      trustProxy: ['127.0.0.1'],
      auth: { emailRatePerHour: 5, emailRatePerSourcePerHour: 10, emailMinIntervalSeconds: 60 },
    });
    makeUser = (await staffUsers(t.app)).make;
  });
  afterAll(() => t.close());

  const recover = (email: string, from: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/v1/recover',
      headers: {
        apikey: t.app.authService.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
        'x-forwarded-for': from,
      },
      payload: { email },
    });
  const mailsTo = async (email: string) =>
    (await t.db.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.recipient, email)))[0]!.n;

  it('80 requests for unknown addresses from many sources leave the global cap untouched', async () => {
    for (let i = 0; i < 80; i++)
      expect((await recover(`ghost${i}@nowhere.sl`, `203.0.113.${i}`)).statusCode).toBe(200);
    const user = await makeUser('activated', 'real');
    expect((await recover(user.email, '198.51.100.1')).statusCode).toBe(200);
    expect(await mailsTo(user.email)).toBe(1);
  });

  it('one source is held to its own hourly limit before the global one', async () => {
    const from = '203.0.113.250';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await recover(`noone${i}@nowhere.sl`, from)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    const user = await makeUser('activated', 'other');
    expect((await recover(user.email, '198.51.100.2')).statusCode).toBe(200);
    expect(await mailsTo(user.email)).toBe(1);
  });

  it('one address gets at most one mail per interval, whoever asks', async () => {
    const user = await makeUser('activated', 'spammed');
    expect((await recover(user.email, '198.51.100.3')).statusCode).toBe(200);
    const again = await recover(user.email, '198.51.100.4');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'over_email_send_rate_limit' });
    expect(await mailsTo(user.email)).toBe(1);
  });

  it('the global cap still protects the mail server, counting mail really sent', async () => {
    // Three mails were sent above; two more reach the cap of five, then mail is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const user = await makeUser('activated', `cap${i}`);
      statuses.push((await recover(user.email, `198.51.100.${10 + i}`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';
import { PHONE_MESSAGES } from '@bankmanager/contracts';
import { createSubscriber, type Subscriber } from '../../../test/support/subscribers.ts';

describe('mobile banking API', () => {
  let t: TestApp;
  let officer: StaffUser;
  let pending: StaffUser;
  const subs: Subscriber[] = [];
  beforeAll(async () => {
    t = await createTestApp({ registeredUsersMaxUnpaged: 20 });
    const staff = await staffUsers(t.app);
    officer = await staff.make('activated');
    pending = await staff.make('pending');
    for (let i = 0; i < 25; i++) {
      subs.push(
        await createSubscriber(t.db.db, {
          name: `Customer ${String(i).padStart(2, '0')} Kamara`,
          mobile: `+232761000${String(i).padStart(2, '0')}`,
          balance: `${(i + 1) * 10}.50`,
        }),
      );
    }
  });
  afterAll(() => t.close());

  const get = (url: string, auth = officer.auth) => t.app.inject({ url, headers: { authorization: auth } });
  const checksum = async () =>
    queryRows(
      t.db.db,
      sql`select md5(string_agg(s::text, ',' order by cust_id)) as h, (select count(*) from audit_log) as audits from mobile_banking_subscriptions s`,
    );

  it('needs an activated caller: 401 without a token, 403 while pending', async () => {
    expect((await t.app.inject('/api/registered-users?page=1')).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          url: '/api/registered-users?page=1',
          headers: { 'x-api-key': t.app.authService.anonKey },
        })
      ).statusCode,
    ).toBe(401);
    const denied = await get('/api/registered-users?page=1', pending.auth);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toEqual(expect.any(String));
    expect((await get('/api/customers/1', pending.auth)).statusCode).toBe(403);
  });

  it('pages and sorts in the database, with the total in X-Total-Count', async () => {
    const res = await get('/api/registered-users?sort=balance&order=desc&page=2&pageSize=10');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('25');
    const rows = res.json();
    expect(rows).toHaveLength(10);
    expect(rows[0].balance).toBe('150.50');
    const last = await get('/api/registered-users?sort=balance&order=desc&page=3&pageSize=10');
    expect(last.json()).toHaveLength(5);
  });

  it('searches case-insensitively, taking % and _ literally', async () => {
    const res = await get('/api/registered-users?q=CUSTOMER%2007&page=1');
    expect(res.json().map((r: { cust_name: string }) => r.cust_name)).toEqual(['Customer 07 Kamara']);
    expect(res.headers['x-total-count']).toBe('1');
    expect((await get('/api/registered-users?q=%25&page=1')).headers['x-total-count']).toBe('0');
    expect((await get('/api/registered-users?q=_&page=1')).headers['x-total-count']).toBe('0');
  });

  it('returns the whole list without parameters, but refuses it above the configured size', async () => {
    const res = await get('/api/registered-users');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/ask for a page/);
    const small = await get('/api/registered-users?q=Customer%200');
    expect(small.statusCode).toBe(200);
    expect(small.json()).toHaveLength(10);
  });

  it('rejects bad query parameters with 400', async () => {
    for (const q of ['sort=password', 'order=sideways', 'page=0', 'pageSize=1000', 'page=abc']) {
      expect((await get(`/api/registered-users?${q}`)).statusCode, q).toBe(400);
    }
  });

  it('looks up a customer, with a clear 404 for an unknown id', async () => {
    const ok = await get(`/api/customers/${subs[0]!.custId}`);
    expect(ok.json()).toMatchObject({ cust_name: 'Customer 00 Kamara', subscription: { version: 1 } });
    const missing = await get('/api/customers/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Customer 999999 was not found.');
    expect((await get('/api/customers/abc')).statusCode).toBe(400);
  });

  it('saves a subscription, 409 on a stale version, and writes the audit row in the same transaction', async () => {
    const s = subs[1]!;
    const put = (body: unknown, auth = officer.auth) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/registered-users/${s.custId}/subscription`,
        headers: { authorization: auth },
        payload: body as object,
      });
    const saved = await put({
      mobile_no: '+232 77 123 456',
      pay_acct: s.accountNumber,
      mb_sub: false,
      version: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ mobile_no: '+23277123456', mb_sub: false, version: 2 });
    const stale = await put({
      mobile_no: '+23277123456',
      pay_acct: s.accountNumber,
      mb_sub: true,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    const [audit] = await queryRows<{
      actor_id: string;
      details: { before: { mb_sub: boolean }; after: { mb_sub: boolean } };
    }>(
      t.db.db,
      sql`select actor_id, details from audit_log where action = 'mobile_banking.subscription_saved' order by id desc limit 1`,
    );
    expect(audit!.actor_id).toBe(officer.userId);
    expect(audit!.details.before.mb_sub).toBe(true);
    expect(audit!.details.after.mb_sub).toBe(false);
    expect(
      (
        await put(
          { mobile_no: '+23277123456', pay_acct: s.accountNumber, mb_sub: true, version: 2 },
          pending.auth,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('answers bad bodies with 4xx and changes nothing', async () => {
    const s = subs[2]!;
    const before = await checksum();
    const bodies: unknown[] = [
      { mobile_no: '23276123456', pay_acct: s.accountNumber, mb_sub: true, version: 1 },
      { mobile_no: '+2327612345', pay_acct: s.accountNumber, mb_sub: true, version: 1 },
      { mobile_no: '+23276123456', pay_acct: subs[3]!.accountNumber, mb_sub: true, version: 1 },
      { mobile_no: '+23276123456', pay_acct: "'; drop table accounts; --", mb_sub: true, version: 1 },
      { mobile_no: '+23276123456', pay_acct: s.accountNumber, mb_sub: 'yes', version: 1 },
      { mobile_no: 42, pay_acct: s.accountNumber, mb_sub: true, version: 1 },
      { pay_acct: s.accountNumber },
      [],
      'x'.repeat(2_000_000),
    ];
    for (const body of bodies) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/registered-users/${s.custId}/subscription`,
        headers: { authorization: officer.auth, 'content-type': 'application/json' },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const phone = await t.app.inject({
      method: 'PUT',
      url: `/api/registered-users/${s.custId}/subscription`,
      headers: { authorization: officer.auth },
      payload: { mobile_no: '+2327612345', pay_acct: s.accountNumber, mb_sub: true, version: 1 },
    });
    expect(JSON.stringify(phone.json())).toContain(PHONE_MESSAGES.sierraLeone);
    expect(await checksum()).toEqual(before);
  });
});

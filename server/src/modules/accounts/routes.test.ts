import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { ACCOUNT_NUMBER_TEXT, makeAccountNumber, STATEMENT_END_AFTER_TODAY } from '@bankmanager/contracts';
import { openTestAccount } from '../../../test/support/banking-fixtures.ts';
import { postAt } from '../../../test/support/postings.ts';

describe('account enquiry API', () => {
  let t: TestApp;
  let officer: StaffUser;
  let pending: StaffUser;
  let number: string;
  beforeAll(async () => {
    t = await createTestApp();
    const staff = await staffUsers(t.app);
    officer = await staff.make('activated');
    pending = await staff.make('pending');
    const { accountId } = await openTestAccount(t.db.db, { type: 'Savings', currency: 'USD' });
    for (let d = 1; d <= 12; d++) {
      await postAt(
        t.db.db,
        accountId,
        `2026-06-${String(d).padStart(2, '0')}T09:00:00Z`,
        d % 4 === 0 ? 'debit' : 'credit',
        `${d}0.00`,
        d === 5 ? '@SUM(A1:A9)' : undefined,
      );
    }
    const [a] = await queryRows<{ account_number: string }>(
      t.db.db,
      sql`select account_number from accounts where id = ${accountId}`,
    );
    number = a!.account_number;
  });
  afterAll(() => t.close());

  const get = (url: string, auth = officer.auth) => t.app.inject({ url, headers: { authorization: auth } });

  it('needs an activated caller on every route', async () => {
    for (const url of [
      `/api/accounts/${number}`,
      `/api/accounts/${number}/transactions`,
      `/api/accounts/${number}/statement?from=2026-06-01&to=2026-06-30`,
    ]) {
      expect((await t.app.inject(url)).statusCode, url).toBe(401);
      expect((await get(url, pending.auth)).statusCode, url).toBe(403);
    }
  });

  it('returns the details and audits who viewed which account', async () => {
    const res = await get(`/api/accounts/${number}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      accountNumber: number,
      currency: 'USD',
      status: 'Active',
      accountType: 'Savings',
      dateOpened: '2026-01-01',
      // The newest of the twelve postings: Account Enquiry's last activity.
      lastActivity: '2026-06-12T09:00:00Z',
    });
    const [audit] = await queryRows<{ actor_id: string; target_id: string; outcome: string }>(
      t.db.db,
      sql`select actor_id, target_id, outcome from audit_log where action = 'account.view' order by id desc limit 1`,
    );
    expect(audit).toEqual({ actor_id: officer.userId, target_id: number, outcome: 'success' });
  });

  it('answers an unknown number with a clear 404, and a typo with 400 before any lookup', async () => {
    const none = makeAccountNumber('999', 1);
    const res = await get(`/api/accounts/${none}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(`No account found with number ${none}.`);
    const typo = await get('/api/accounts/0000000000');
    expect(typo.statusCode).toBe(400);
    expect(JSON.stringify(typo.json())).toContain(ACCOUNT_NUMBER_TEXT.shape);
  });

  it('pages transactions with a cursor and rejects a forged one', async () => {
    const first = (await get(`/api/accounts/${number}/transactions?limit=5`)).json();
    expect(first.items).toHaveLength(5);
    expect(first.items[0].date).toBe('2026-06-12T09:00:00.000000Z');
    const second = (
      await get(`/api/accounts/${number}/transactions?limit=5&cursor=${first.nextCursor}`)
    ).json();
    expect(second.items[0].date).toBe('2026-06-07T09:00:00.000000Z');
    expect((await get(`/api/accounts/${number}/transactions?cursor=forged`)).statusCode).toBe(400);
    expect((await get(`/api/accounts/${number}/transactions?limit=0`)).statusCode).toBe(400);
  });

  it('refuses a cursor for an instant that does not exist before auditing a view (was a 500, audited as success)', async () => {
    const views = async () =>
      (
        await queryRows<{ n: string }>(
          t.db.db,
          sql`select count(*) as n from audit_log where action = 'account.view_transactions'`,
        )
      )[0]!.n;
    const before = await views();
    const impossible = Buffer.from('2026-02-30T25:61:00.000000Z|1').toString('base64url');
    const res = await get(`/api/accounts/${number}/transactions?cursor=${impossible}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/Invalid cursor/);
    expect(await views()).toBe(before);
  });

  it('serves a CSV statement with formula cells neutralised', async () => {
    const res = await get(`/api/accounts/${number}/statement?from=2026-06-01&to=2026-06-30&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment;');
    expect(res.body).toContain("'@SUM(A1:A9)");
    expect(res.body).toContain('Closing balance,');
  });

  it('streams a PDF statement', async () => {
    const res = await get(`/api/accounts/${number}/statement?from=2026-06-01&to=2026-06-30&format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await new PDFParse({ data: res.rawPayload }).getText()).text;
    expect(text).toContain('Opening balance: $0.00');
    expect(text).toContain('Period: June 1, 2026 to June 30, 2026');
  });

  it('refuses a period that ends after the business date, on the "to" field', async () => {
    const today = await currentBusinessDate(t.app.db);
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const res = await get(`/api/accounts/${number}/statement?from=${today}&to=${tomorrow}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: '/to', message: STATEMENT_END_AFTER_TODAY }]);
    expect((await get(`/api/accounts/${number}/statement?from=${today}&to=${today}`)).statusCode).toBe(200);
  });

  it('rejects a bad period', async () => {
    expect((await get(`/api/accounts/${number}/statement?from=2026-07-01&to=2026-06-01`)).statusCode).toBe(
      400,
    );
    expect((await get(`/api/accounts/${number}/statement?from=yesterday&to=2026-06-01`)).statusCode).toBe(
      400,
    );
    expect(
      (await get(`/api/accounts/${number}/statement?from=2026-06-01&to=2026-06-02&format=xls`)).statusCode,
    ).toBe(400);
    // Dates of the right shape that do not exist reached SQL and failed there (500).
    for (const q of [
      'from=2026-13-45&to=2026-12-31',
      'from=2026-02-30&to=2026-03-01',
      'from=0000-01-01&to=2026-01-01',
    ]) {
      const res = await get(`/api/accounts/${number}/statement?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().details[0].message, q).toBe('Use a date like 2026-01-31');
    }
    // The far future is a date, but not one a statement may end on (never a 500 either way).
    const far = await get(`/api/accounts/${number}/statement?from=2026-06-01&to=9999-12-31&format=csv`);
    expect(far.statusCode).toBe(400);
    expect(far.json().details[0].message).toBe(STATEMENT_END_AFTER_TODAY);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import {
  GL_REPORT_TEXT,
  makeAccountNumber,
  type GlStatement,
  type TrialBalance,
} from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { openTestAccount } from '../../../test/support/banking-fixtures.ts';
import { postTestEntry } from '../../../test/support/journal-entries.ts';
import { queryRows } from '../../db/rows.ts';
import { sql } from 'drizzle-orm';

const dayBefore = (d: string, n = 1) =>
  new Date(Date.parse(`${d}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

describe('GL report routes', () => {
  let t: TestApp;
  let officer: StaffUser;
  let pending: StaffUser;
  let today: string;
  let accountNumber: string;
  let depositTxId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const staff = await staffUsers(t.app);
    officer = await staff.make('activated');
    pending = await staff.make('pending');
    const db = t.db.db;
    [{ d: today }] = (await queryRows<{ d: string }>(db, sql`select current_business_date()::text as d`)) as [
      { d: string },
    ];
    const { accountId } = await openTestAccount(db, { type: 'Savings' });
    // Ten days ago: share capital paid into the central bank account; a fee earned.
    const past = dayBefore(today, 10);
    await postTestEntry(
      db,
      [
        { gl: '1030', side: 'debit', amount: '1000000.00', currency: 'SLE' },
        { gl: '3010', side: 'credit', amount: '1000000.00', currency: 'SLE' },
      ],
      { on: past },
    );
    await postTestEntry(
      db,
      [
        { gl: '1900', side: 'debit', amount: '250.50', currency: 'USD' },
        { gl: '4020', side: 'credit', amount: '250.50', currency: 'USD' },
      ],
      { on: past, narration: '=HYPERLINK("x")' },
    );
    // Today: a cash deposit to a customer's savings account (vault cash against the control account).
    await postTestEntry(db, [
      { gl: '1010', side: 'debit', amount: '500.00', currency: 'SLE' },
      { accountId, side: 'credit', amount: '500.00' },
    ]);
    const [a] = await queryRows<{ n: string; tx: string }>(
      db,
      sql`select a.account_number as n, t.id::text as tx from accounts a join transactions t on t.account_id = a.id
          where a.id = ${accountId}`,
    );
    accountNumber = a!.n;
    depositTxId = a!.tx;
  });
  afterAll(() => t.close());

  const get = (url: string, auth = officer.auth) => t.app.inject({ url, headers: { authorization: auth } });
  const tb = async (date: string) => (await get(`/api/gl/trial-balance?date=${date}`)).json<TrialBalance>();
  const row = (r: TrialBalance, code: string, currency = 'SLE') =>
    r.rows.find((x) => x.code === code && x.currency === currency);

  it('needs an activated caller on every route', async () => {
    for (const url of [
      `/api/gl/trial-balance?date=${today}`,
      `/api/gl/balance-sheet?date=${today}`,
      `/api/gl/income-statement?to=${today}`,
      `/api/gl/accounts/1030/statement?from=${today}&to=${today}`,
      `/api/accounts/${accountNumber}/transactions/${depositTxId}/legs`,
    ]) {
      expect((await t.app.inject(url)).statusCode, url).toBe(401);
      expect((await get(url, pending.auth)).statusCode, url).toBe(403);
    }
  });

  it('trial balance: debits equal credits per currency, and a past date leaves out what came later', async () => {
    const now = await tb(today);
    expect(now.balanced).toBe(true);
    for (const tot of now.totals) expect(tot.debit, tot.currency).toBe(tot.credit);
    expect(now.totals.map((x) => x.currency)).toEqual(['SLE', 'USD']);
    expect(row(now, '1010')).toMatchObject({ debit: '500.00', credit: '0.00' });
    expect(row(now, '2020')).toMatchObject({ debit: '0.00', credit: '500.00', class: 'liability' });
    expect(row(now, '3010')).toMatchObject({ credit: '1000000.00' });
    expect(row(now, '1900', 'USD')).toMatchObject({ debit: '250.50' });

    // Without a date: at the end of the current business date, the same figures as naming it.
    const undated = await get('/api/gl/trial-balance');
    expect(undated.statusCode, undated.body).toBe(200);
    expect(undated.json()).toEqual(now);
    const sheet = await get('/api/gl/balance-sheet');
    expect(sheet.json().date).toBe(now.date);

    const yesterday = await tb(dayBefore(today));
    expect(yesterday.balanced).toBe(true);
    expect(row(yesterday, '1010')).toBeUndefined();
    expect(row(yesterday, '2020')).toBeUndefined();
    expect(row(yesterday, '3010')).toMatchObject({ credit: '1000000.00' });

    const before = await tb(dayBefore(today, 11));
    expect(before.rows).toEqual([]);
    expect(before.totals).toEqual([
      { currency: 'SLE', debit: '0.00', credit: '0.00', difference: '0.00' },
      { currency: 'USD', debit: '0.00', credit: '0.00', difference: '0.00' },
    ]);
  });

  it('balance sheet balances with current earnings; income statement covers its period only', async () => {
    const bs = (await get(`/api/gl/balance-sheet?date=${today}`)).json();
    expect(bs.balanced).toBe(true);
    expect(bs.current_earnings).toEqual([
      { currency: 'SLE', amount: '0.00' },
      { currency: 'USD', amount: '250.50' },
    ]);
    expect(bs.class_totals).toContainEqual({ class: 'asset', currency: 'SLE', amount: '1000500.00' });
    const is = (await get(`/api/gl/income-statement?from=${dayBefore(today, 10)}&to=${today}`)).json();
    expect(is.rows).toEqual([
      { code: '4020', name: expect.any(String), class: 'income', currency: 'USD', amount: '250.50' },
    ]);
    expect(is.net_income).toContainEqual({ currency: 'USD', amount: '250.50' });
    const none = (await get(`/api/gl/income-statement?from=${dayBefore(today, 9)}&to=${today}`)).json();
    expect(none.rows).toEqual([]);
  });

  it('GL account statement: opening + lines = closing, keyset-paged, control accounts through their sub-ledger', async () => {
    const from = dayBefore(today, 30);
    const first = (
      await get(`/api/gl/accounts/1030/statement?from=${from}&to=${today}&limit=1`)
    ).json<GlStatement>();
    expect(first).toMatchObject({
      code: '1030',
      currency: 'SLE',
      opening_balance: '0.00',
      closing_balance: '1000000.00',
    });
    expect(first.lines).toHaveLength(1);
    expect(first.lines[0]).toMatchObject({ debit: '1000000.00', credit: null, balance: '1000000.00' });
    expect(first.next_cursor).toBeNull();
    const later = (
      await get(`/api/gl/accounts/1030/statement?from=${today}&to=${today}`)
    ).json<GlStatement>();
    expect(later).toMatchObject({ opening_balance: '1000000.00', closing_balance: '1000000.00', lines: [] });
    const control = (
      await get(`/api/gl/accounts/2020/statement?from=${today}&to=${today}`)
    ).json<GlStatement>();
    expect(control).toMatchObject({ opening_balance: '0.00', closing_balance: '-500.00' });
    expect(control.lines[0]).toMatchObject({ credit: '500.00', balance: '-500.00' });
  });

  it('refuses bad input with a 400 or 404, never a 500', async () => {
    for (const url of [
      '/api/gl/trial-balance?date=2026-02-30',
      '/api/gl/trial-balance?date=yesterday',
      '/api/gl/trial-balance?date=0000-01-01',
      `/api/gl/trial-balance?date=${today}&format=xls`,
      `/api/gl/balance-sheet?date=2026-13-01`,
      `/api/gl/income-statement?from=${today}&to=${dayBefore(today)}`,
      `/api/gl/accounts/1030/statement?from=${today}&to=${today}&cursor=bm90IGEgY3Vyc29y`,
      `/api/gl/accounts/10/statement?from=${today}&to=${today}`,
      `/api/gl/accounts/1030/statement?from=${today}&to=${today}&currency=USD`,
      `/api/accounts/${accountNumber}/transactions/abc/legs`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toEqual(expect.any(String));
    }
    expect((await get(`/api/gl/accounts/9999/statement?from=${today}&to=${today}`)).json().error).toBe(
      GL_REPORT_TEXT.glAccountNotFound('9999'),
    );
    expect((await get(`/api/accounts/${accountNumber}/transactions/99999999/legs`)).statusCode).toBe(404);
  });

  it('serves each report as CSV (formula-guarded) and as PDF', async () => {
    const csv = await get(`/api/gl/trial-balance?date=${today}&format=csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="trial-balance-${today}.csv"`);
    expect(csv.body).toContain('1010,Cash in vault,Assets,SLE,500.00,0.00');
    expect(csv.body).toMatch(/,Total,,SLE,(\d+\.\d\d),\1\r\n/);
    const gl = await get(
      `/api/gl/accounts/1900/statement?from=${dayBefore(today, 30)}&to=${today}&currency=USD&format=csv`,
    );
    expect(gl.body).toContain(`'=HYPERLINK(""x"")`);
    for (const url of [
      `/api/gl/trial-balance?date=${today}`,
      `/api/gl/balance-sheet?date=${today}`,
      `/api/gl/income-statement?to=${today}`,
      `/api/gl/accounts/1030/statement?from=${dayBefore(today, 30)}&to=${today}`,
    ]) {
      const pdf = await get(`${url}&format=pdf`);
      expect(pdf.statusCode, url).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const pdf = await get(`/api/gl/trial-balance?date=${today}&format=pdf`);
    const { text } = await new PDFParse({ data: pdf.rawPayload }).getText();
    expect(text).toContain('Trial balance');
    expect(text).toContain('Cash in vault');
    expect(text).toContain(GL_REPORT_TEXT.balanced);
  });

  it("shows a customer posting's other legs, and audits who looked", async () => {
    const res = await get(`/api/accounts/${accountNumber}/transactions/${depositTxId}/legs`);
    expect(res.statusCode).toBe(200);
    expect(res.json().legs).toEqual([
      {
        kind: 'gl',
        gl_code: '1010',
        gl_name: 'Cash in vault',
        account_number: null,
        currency: 'SLE',
        side: 'debit',
        amount: '500.00',
      },
    ]);
    const [audit] = await queryRows<{ action: string; target_id: string }>(
      t.db.db,
      sql`select action, target_id from audit_log where action = 'account.view_legs' order by id desc limit 1`,
    );
    expect(audit).toEqual({ action: 'account.view_legs', target_id: accountNumber });
    const other = makeAccountNumber('999', 1);
    expect((await get(`/api/accounts/${other}/transactions/${depositTxId}/legs`)).statusCode).toBe(404);
    expect((await get(`/api/accounts/OTHER/transactions/${depositTxId}/legs`)).statusCode).toBe(400);
  });
});

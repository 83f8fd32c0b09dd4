import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACCOUNT_NUMBER_TEXT, ACCOUNT_REFUSAL_TEXT, makeAccountNumber } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { queryRows } from '../../db/rows.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { depositScene, testCustomer } from '../../../test/support/deposit-accounts.ts';
import {
  RAW_ENTRY_ID,
  accountSearchDrift,
  RAW_LINE_COLUMNS,
  SUSPENSE_GL,
  withRawEntry,
} from '../../../test/support/banking-fixtures.ts';

/** Every 409 `details.code` of the deposit account routes, and the check-digit 400 on every route. */
describe('account refusals', () => {
  let t: TestApp;
  let cso: StaffUser, mgr: StaffUser, mgr2: StaffUser, boss: StaffUser, away: StaffUser;
  const call = (who: StaffUser, method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers: { authorization: who.auth }, payload });
  const code = async (
    p: Promise<{ statusCode: number; json(): { details?: { code?: string }; error?: string } }>,
  ) => {
    const r = await p;
    expect(r.statusCode).toBe(409);
    const { details, error } = r.json();
    expect(error).toBe(ACCOUNT_REFUSAL_TEXT[details!.code as keyof typeof ACCOUNT_REFUSAL_TEXT] ?? error);
    return details!.code;
  };
  const open = (custId: number, body: object = {}) =>
    call(cso, 'POST', '/api/accounts', { custId, productCode: 'TS-SAV', ...body });
  const post = (n: string, direction: string, amount: string, reference: string) =>
    call(boss, 'POST', `/api/accounts/${n}/transactions`, {
      direction,
      amount,
      description: direction,
      reference,
      counter_account: SUSPENSE_GL,
    });
  const status = (who: StaffUser, n: string, action: string, extra: object = {}) =>
    call(who, 'POST', `/api/accounts/${n}/status`, { action, reason: 'Because', ...extra });

  async function active(productCode = 'TS-SAV', custId?: number, deposit = '100'): Promise<string> {
    const o = (await open(custId ?? (await testCustomer(t.app)), { productCode })).json();
    expect((await call(mgr, 'POST', `/api/approvals/${o.approvalId}/approve`, {})).statusCode).toBe(200);
    expect((await status(cso, o.accountNumber, 'activate')).statusCode).toBe(200);
    if (deposit !== '0')
      expect((await post(o.accountNumber, 'credit', deposit, `D-${o.accountNumber}`)).statusCode).toBe(201);
    return o.accountNumber as string;
  }

  beforeAll(async () => {
    t = await createTestApp();
    ({ cso, mgr, mgr2, boss, away } = await depositScene(t.app));
  });
  afterAll(() => t.close());

  it('refuses openings: customer, mandate, currency, product, tenor', async () => {
    expect(await code(open(await testCustomer(t.app, { status: 'Pending' })))).toBe('customer_not_active');
    expect(await code(open(await testCustomer(t.app, { status: 'Blocked' })))).toBe('customer_not_active');
    expect(await code(open(await testCustomer(t.app, { type: 'joint' })))).toBe('mandate_missing');
    const corp = await testCustomer(t.app, { type: 'corporate', mandate: 'Any two directors' });
    expect(await code(open(corp, { mandateCurrency: 'USD' }))).toBe('product_currency_mismatch');
    expect((await open(corp, { productCode: 'TS-USD', mandateCurrency: 'USD' })).statusCode).toBe(202);
    const c = await testCustomer(t.app);
    expect(await code(open(c, { productCode: 'TS-OLD' }))).toBe('product_not_open');
    expect(await code(open(c, { productCode: 'TS-FD', tenorMonths: 7 }))).toBe('tenor_not_offered');
    expect(await code(open(c, { productCode: 'TS-FD' }))).toBe('tenor_not_offered');
    const fd = await open(c, { productCode: 'TS-FD', tenorMonths: 12 });
    expect(fd.statusCode).toBe(202);
    const v = (await call(mgr, 'GET', `/api/accounts/${fd.json().accountNumber}/manage`)).json();
    expect([v.tenorMonths, v.maturityDate > v.openedOn]).toEqual([12, true]);
  });

  it('refuses transitions, holds and closes that the state does not allow', async () => {
    const n = await active();
    expect(await code(status(cso, n, 'activate'))).toBe('transition_not_allowed');
    const h = await call(mgr, 'POST', `/api/accounts/${n}/holds`, { amount: '60', reason: 'Lien' });
    expect(h.statusCode).toBe(201);
    expect(
      await code(call(mgr, 'POST', `/api/accounts/${n}/holds`, { amount: '40.01', reason: 'More' })),
    ).toBe('hold_exceeds_available');
    expect(await code(post(n, 'debit', '40.01', 'R-W1'))).toBe('insufficient_available');
    expect(await code(status(cso, n, 'close'))).toBe('account_has_holds');
    expect((await call(mgr, 'DELETE', `/api/accounts/${n}/holds/${h.json().id}`)).statusCode).toBe(200);
    expect(await code(call(mgr, 'DELETE', `/api/accounts/${n}/holds/${h.json().id}`))).toBe(
      'hold_not_active',
    );
    // A pending request stops a close, asked now or approved later.
    const close = await status(cso, n, 'close');
    expect(close.statusCode).toBe(202);
    expect(await code(status(cso, n, 'close'))).toBe('account_has_pending_approvals');
    // A hold placed after the close was asked stops its approval.
    const h2 = await call(mgr, 'POST', `/api/accounts/${n}/holds`, { amount: '1', reason: 'Late lien' });
    expect(await code(call(mgr2, 'POST', `/api/approvals/${close.json().approvalId}/approve`, {}))).toBe(
      'account_has_holds',
    );
    await call(mgr, 'DELETE', `/api/accounts/${n}/holds/${h2.json().id}`);
    const other = await active('TS-USD');
    expect(await code(status(cso, n, 'close', { payoutAccount: other }))).toBe(
      'account_has_pending_approvals',
    );
  });

  it('holds placed at once each fit the available balance alone; together only those that fit are placed', async () => {
    // Each request waits for the account lock; were its available balance read with the snapshot
    // it started with, every one would see no hold yet and all eight would be placed (Le 240 on 100).
    const n = await active();
    const placed = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(mgr, 'POST', `/api/accounts/${n}/holds`, { amount: '30', reason: `Lien ${i}` }),
      ),
    );
    expect(placed.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    const v = (await call(mgr, 'GET', `/api/accounts/${n}`)).json();
    expect([v.balance, v.held, v.available]).toEqual(['100.00', '90.00', '10.00']);
  });

  it('refuses a payout account of another customer or currency', async () => {
    const n = await active();
    const stranger = await active();
    expect(await code(status(cso, n, 'close', { payoutAccount: stranger }))).toBe('payout_account_invalid');
    expect(await code(status(cso, n, 'close', { payoutAccount: n }))).toBe('payout_account_invalid');
  });

  it('refuses postings by block kind and status (the database trigger)', async () => {
    const n = await active();
    expect((await status(mgr, n, 'block_total')).statusCode).toBe(200);
    expect(await code(post(n, 'credit', '1', 'R-B1'))).toBe('account_blocked');
    expect(await code(post(n, 'debit', '1', 'R-B2'))).toBe('account_blocked');
    expect(await code(status(mgr, n, 'block_total'))).toBe('transition_not_allowed');
    // Raw SQL gets the same answer: the check lives in the posting trigger, not in the route.
    await expect(
      withRawEntry(t.app.db, (tx) =>
        tx.execute(sql`insert into transactions ${RAW_LINE_COLUMNS}
          select id, clock_timestamp(), current_date, 'raw', 1, 'credit', balance + 1, 'RAW-B', ${RAW_ENTRY_ID}
          from accounts where account_number = ${n}`),
      ),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ constraint: 'transactions_account_blocked' }),
    });
  });

  it('refuses overdraft requests for non-current accounts and without a later expiry, and applies one on approval', async () => {
    const sav = await active();
    expect(
      await code(
        call(cso, 'PUT', `/api/accounts/${sav}/overdraft-limit`, {
          limit: '100',
          expiresOn: '2099-01-01',
          reason: 'x',
        }),
      ),
    ).toBe('overdraft_current_only');
    const cur = await active('TS-CUR', undefined, '0');
    expect(
      await code(call(cso, 'PUT', `/api/accounts/${cur}/overdraft-limit`, { limit: '100', reason: 'x' })),
    ).toBe('overdraft_expiry_required');
    expect(
      await code(
        call(cso, 'PUT', `/api/accounts/${cur}/overdraft-limit`, {
          limit: '100',
          expiresOn: '2000-01-01',
          reason: 'x',
        }),
      ),
    ).toBe('overdraft_expiry_required');
    const ok = await call(cso, 'PUT', `/api/accounts/${cur}/overdraft-limit`, {
      limit: '100',
      expiresOn: '2099-01-01',
      reason: 'Salary advance',
    });
    expect(ok.statusCode).toBe(202);
    expect((await call(mgr, 'POST', `/api/approvals/${ok.json().approvalId}/approve`, {})).statusCode).toBe(
      200,
    );
    expect((await post(cur, 'debit', '60', 'R-OD1')).statusCode).toBe(201);
    const v = (await call(mgr, 'GET', `/api/accounts/${cur}/manage`)).json();
    expect([v.balance, v.available, v.overdrawnSince !== null]).toEqual(['-60.00', '40.00', true]);
    expect((await call(mgr, 'GET', `/api/accounts?overdrawn=true&q=${cur}`)).json()).toHaveLength(1);
    // An expired limit no longer counts: the next debit is refused, a credit still lands.
    await t.app.db.execute(
      sql`update accounts set overdraft_expires_on = current_business_date() - 1 where account_number = ${cur}`,
    );
    expect(await code(post(cur, 'debit', '1', 'R-OD2'))).toBe('insufficient_available');
    expect((await post(cur, 'credit', '60', 'R-OD3')).statusCode).toBe(201);
    expect((await call(mgr, 'GET', `/api/accounts/${cur}/manage`)).json().overdrawnSince).toBeNull();
  });

  it('answers 400 with the check-digit message on every route before any lookup', async () => {
    const good = makeAccountNumber('101', 12345);
    const typo = `${good.slice(0, 5)}${(Number(good[5]) + 1) % 10}${good.slice(6)}`;
    const routes: [string, string, object?][] = [
      ['GET', `/api/accounts/${typo}`],
      ['GET', `/api/accounts/${typo}/transactions`],
      ['GET', `/api/accounts/${typo}/statement?from=2026-01-01&to=2026-01-31`],
      ['GET', `/api/accounts/${typo}/manage`],
      [
        'POST',
        `/api/accounts/${typo}/transactions`,
        { direction: 'credit', amount: '1', description: 'x', counter_account: SUSPENSE_GL },
      ],
      ['POST', `/api/accounts/${typo}/status`, { action: 'block_debit', reason: 'x' }],
      ['POST', `/api/accounts/${typo}/holds`, { amount: '1', reason: 'x' }],
      ['DELETE', `/api/accounts/${typo}/holds/1`],
      ['PUT', `/api/accounts/${typo}/overdraft-limit`, { limit: '0', reason: 'x' }],
      ['POST', '/api/transfers', { from_account: typo, to_account: good, amount: '1', narration: 'x' }],
      ['POST', '/api/accounts', { custId: 1, productCode: 'TS-SAV', payoutAccount: typo }],
    ];
    for (const [method, url, body] of routes) {
      const r = await call(boss, method, url, body);
      expect([url, r.statusCode], r.body).toEqual([url, 400]);
      expect(JSON.stringify(r.json())).toContain(ACCOUNT_NUMBER_TEXT.checkDigit);
    }
  });

  it('keeps another branch out and lists in the database with paging', async () => {
    const n = await active();
    expect((await call(away, 'GET', `/api/accounts/${n}/manage`)).statusCode).toBe(403);
    expect(
      (await call(away, 'POST', `/api/accounts/${n}/holds`, { amount: '1', reason: 'x' })).statusCode,
    ).toBe(403);
    const list = await call(mgr, 'GET', `/api/accounts?q=${n.slice(0, 11)}&pageSize=5`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((r: { accountNumber: string }) => r.accountNumber)).toContain(n);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    const byName = await call(
      mgr,
      'GET',
      '/api/accounts?q=kamara&sort=balance&order=desc&type=Savings&status=Active',
    );
    expect(byName.statusCode).toBe(200);
    const balances = byName.json().map((r: { balance: string }) => Number(r.balance));
    expect(balances).toEqual([...balances].sort((a, b) => b - a));
    expect((await call(away, 'GET', '/api/accounts?branch=101')).statusCode).toBe(403);
  });

  it('reads type/status/branch/product totals from the trigger-kept counts, equal to counting the accounts', async () => {
    const blocked = await active();
    expect((await status(mgr, blocked, 'block_debit')).statusCode).toBe(200);
    const [drift] = await queryRows<{ n: number }>(
      t.db.db,
      sql`with counted as (select account_type, status, branch_code, product_code, count(*) as n from accounts group by 1, 2, 3, 4),
               kept as (select account_type, status, branch_code, product_code, n from account_counts where n <> 0)
          select count(*)::int as n from ((table counted except table kept) union all (table kept except table counted)) d`,
    );
    expect(drift!.n).toBe(0);
    for (const query of [
      '',
      'type=Savings',
      'status=Blocked',
      'type=Savings&status=Active&branch=101',
      'product=SAV-SLE',
      'product=SAV-SLE&status=Active&branch=101&sort=balance',
    ]) {
      const r = await call(boss, 'GET', `/api/accounts?${query}&pageSize=1`);
      expect(r.statusCode).toBe(200);
      const where = new URLSearchParams(query);
      const [direct] = await queryRows<{ n: number }>(
        t.db.db,
        sql`select count(*)::int as n from accounts
            where (${where.get('type')}::text is null or account_type = ${where.get('type')})
              and (${where.get('status')}::text is null or status = ${where.get('status')})
              and (${where.get('branch')}::text is null or branch_code = ${where.get('branch')})
              and (${where.get('product')}::text is null or product_code = ${where.get('product')})`,
      );
      expect([query, Number(r.headers['x-total-count'])]).toEqual([query, direct!.n]);
    }
  });

  it('finds accounts by holder name through account_search, which triggers keep equal to accounts and customers', async () => {
    const n = await active();
    const search = async (query: string) => {
      const r = await call(mgr, 'GET', `/api/accounts?${query}`);
      expect(r.statusCode).toBe(200);
      const numbers = r.json().map((x: { accountNumber: string }) => x.accountNumber);
      return { numbers, total: Number(r.headers['x-total-count']) };
    };
    const [row] = await queryRows<{ cust: number }>(
      t.db.db,
      sql`select cust_id as cust from accounts where account_number = ${n}`,
    );
    const cust = row!.cust;
    // A renamed holder (a profile edit) is found by the new name, on both of the list's paths.
    await t.db.db.execute(sql`update customers set name = 'Fatmata Zzyzx' where cust_id = ${cust}`);
    expect(await search('q=zzyzx')).toEqual({ numbers: [n], total: 1 });
    expect(await search('q=zzyzx&type=Savings&status=Active&sort=name')).toEqual({ numbers: [n], total: 1 });
    expect(await search('q=zzyzx&sort=balance&order=desc')).toEqual({ numbers: [n], total: 1 });
    // A posting that moves the balance to another band moves it in the balance order.
    expect((await post(n, 'credit', '5000000', `B-${n}`)).statusCode).toBe(201);
    expect(await search('q=zzyzx&sort=balance&order=desc')).toEqual({ numbers: [n], total: 1 });
    // A status change moves it between the status filters.
    expect((await status(mgr, n, 'block_debit')).statusCode).toBe(200);
    expect(await search('q=zzyzx&status=Active')).toEqual({ numbers: [], total: 0 });
    expect(await search('q=zzyzx&status=Blocked')).toEqual({ numbers: [n], total: 1 });
    // An account moved to another holder (a merge) is found under the new holder's name only.
    const other = await testCustomer(t.app);
    await t.db.db.execute(sql`update customers set name = 'Ibrahim Qwyx' where cust_id = ${other}`);
    await t.db.db.execute(sql`update accounts set cust_id = ${other} where account_number = ${n}`);
    expect(await search('q=zzyzx')).toEqual({ numbers: [], total: 0 });
    expect(await search('q=qwyx&page=2&pageSize=1')).toEqual({ numbers: [], total: 1 });
    expect(await accountSearchDrift(t.db.db)).toBe(0);
  });
});

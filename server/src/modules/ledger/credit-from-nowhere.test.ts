import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../../test/support/staff-users.ts';
import { giveLargeLimits } from '../../../test/support/roles.ts';
import { openTestAccount } from '../../../test/support/banking-fixtures.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * "Credit from nowhere is impossible": every route that moves money is tried with requests that would
 * put money on a customer account without taking it from somewhere. Each is refused, no customer
 * balance moves, and the books still balance.
 */
describe('no route creates money', () => {
  let t: TestApp;
  let officer: StaffUser;
  let checker: StaffUser;
  let n = 0;
  const ref = () => `NOWHERE-${++n}`;
  let sav = '';
  let usd = '';
  let closed = '';

  const numberOf = async (id: number) =>
    (
      await queryRows<{ n: string }>(t.db.db, sql`select account_number as n from accounts where id = ${id}`)
    )[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    // Superusers with a test role of the largest limits: no limit sends a posting to four-eyes
    // approval (202), so every posting here is made or refused at once.
    const staff = await staffUsers(t.app);
    officer = await staff.make('superuser');
    // A reversal is four-eyes: a second person approves it.
    checker = await staff.make('superuser', 'checker');
    for (const u of [officer, checker]) await giveLargeLimits(t.app, u.userId);
    sav = await numberOf((await openTestAccount(t.db.db)).accountId);
    usd = await numberOf((await openTestAccount(t.db.db, { currency: 'USD' })).accountId);
    closed = await numberOf((await openTestAccount(t.db.db, { status: 'Closed' })).accountId);
    const r = await post(`/api/accounts/${sav}/transactions`, {
      direction: 'credit',
      amount: '100',
      description: 'Cash deposit',
      reference: ref(),
      counter_account: '1900',
    });
    expect(r.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  function post(url: string, body: object) {
    return t.app.inject({ method: 'POST', url, headers: { authorization: officer.auth }, payload: body });
  }
  const balances = () => queryRows(t.db.db, sql`select account_number, balance from accounts order by id`);
  const credit = (extra: object) => ({
    direction: 'credit',
    amount: '1000000',
    description: 'free money',
    reference: ref(),
    ...extra,
  });
  const line = (gl_code: string, side: string, amount = '1000000', currency = 'SLE') => ({
    gl_code,
    currency,
    side,
    amount,
  });

  it('refuses every attempt, moves no balance, and leaves the books balanced', async () => {
    const before = await balances();
    const firstEntry = await queryRows<{ id: string }>(
      t.db.db,
      sql`select min(id) as id from journal_entries`,
    );
    const attempts: [string, object][] = [
      // A posting to a customer account must name the other side, and that side must really give.
      [`/api/accounts/${sav}/transactions`, credit({})],
      [`/api/accounts/${sav}/transactions`, credit({ counter_account: '2020' })], // its own control account
      [`/api/accounts/${sav}/transactions`, credit({ counter_account: '20' })], // a group
      [`/api/accounts/${sav}/transactions`, credit({ counter_account: '1040' })], // USD-only, for a Leone credit
      [`/api/accounts/${sav}/transactions`, credit({ counter_account: '9999' })], // no such account
      [`/api/accounts/${closed}/transactions`, credit({ counter_account: '1900' })],
      // Manual journals: balanced, GL accounts open to manual posting only, never a control account.
      [
        '/api/journal-entries',
        { narration: 'x', reference: ref(), lines: [line('2020', 'credit'), line('1030', 'debit')] },
      ],
      [
        '/api/journal-entries',
        { narration: 'x', reference: ref(), lines: [line('4020', 'credit'), line('1030', 'debit', '1')] },
      ],
      [
        '/api/journal-entries',
        { narration: 'x', reference: ref(), lines: [line('4020', 'credit'), line('1900', 'credit')] },
      ],
      [
        '/api/journal-entries',
        {
          narration: 'x',
          reference: ref(),
          lines: [line('1900', 'debit', '5', 'SLE'), line('1900', 'credit', '5', 'USD')],
        },
      ],
      // Transfers take what they give, within what the payer has.
      [
        '/api/transfers',
        { from_account: sav, to_account: usd, amount: '1', narration: 'x', reference: ref() },
      ],
      [
        '/api/transfers',
        { from_account: usd, to_account: sav, amount: '1', rate: '22.5', narration: 'x', reference: ref() },
      ],
      [
        '/api/transfers',
        { from_account: sav, to_account: closed, amount: '1', narration: 'x', reference: ref() },
      ],
      [
        '/api/transfers',
        { from_account: sav, to_account: sav, amount: '1', narration: 'x', reference: ref() },
      ],
      [
        '/api/transfers',
        { from_account: 'NO-SUCH', to_account: sav, amount: '1', narration: 'x', reference: ref() },
      ],
      // A reversal of the opening deposit would take back money the account still has; reversing twice is refused below.
      [
        `/api/journal-entries/${firstEntry[0]!.id}/reversal`,
        { reference: ref(), narration: 'x', reason: 'x' },
      ],
    ];
    for (const [url, body] of attempts) {
      const r = await post(url, body);
      if (url.endsWith('/reversal')) {
        // Reversing the deposit is legitimate (it takes the 100 back); a second reversal is not.
        expect(r.statusCode, url).toBe(202);
        const approved = await t.app.inject({
          method: 'POST',
          url: `/api/approvals/${r.json().approvalId}/approve`,
          headers: { authorization: checker.auth },
        });
        expect(approved.statusCode, approved.body).toBe(200);
        const again = await post(url, { reference: ref(), reason: 'x' });
        expect([again.statusCode, again.json().details.code]).toEqual([409, 'already_reversed']);
        continue;
      }
      expect([400, 404, 409], `${url} ${JSON.stringify(body)} → ${r.statusCode} ${r.body}`).toContain(
        r.statusCode,
      );
    }
    const after = await balances();
    // Only the reversal moved money: the deposit of 100 went back to cash.
    expect(after).toEqual(before.map((b) => (b.account_number === sav ? { ...b, balance: '0.00' } : b)));
    expect(await queryRows(t.db.db, sql`select problem from ledger_violations()`)).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { VALUE_DATE_TEXT } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../../test/support/harness.ts';
import { setBusinessDate } from '../../../../test/support/eod.ts';
import { approve, balanceOf, call, fundedAccount, paymentsScene } from '../../../../test/support/payments.ts';
import type { StaffUser } from '../../../../test/support/staff-users.ts';
import { queryRows } from '../../../db/rows.ts';

/** The business date the bank is on: months behind the wall clock, as after a long outage. */
const BUSINESS_DATE = '2026-03-10';

/**
 * Staff tried to back-value and forward-value transfers and manual journals far outside the window
 * (2000-01-01, 2099-12-31). Without journal.backvalue: 403 on value_date, nothing posted. With it:
 * never posted at once, always a four-eyes request, whatever the amount. The window counts from the
 * BUSINESS date, not the wall clock.
 */
describe('value dates outside the window need journal.backvalue and a second person', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof paymentsScene>>;
  let from = '';
  let to = '';
  let n = 0;
  const ref = () => `VD-${++n}`;

  const transfer = (who: StaffUser, value_date: string) =>
    call(t.app, who, 'POST', '/api/transfers', {
      from_account: from,
      to_account: to,
      amount: '10',
      narration: 'Back-valued transfer',
      reference: ref(),
      value_date,
    });
  const journal = (who: StaffUser, value_date: string) =>
    call(t.app, who, 'POST', '/api/journal-entries', {
      narration: 'Back-valued correction',
      reference: ref(),
      value_date,
      lines: [
        { gl_code: '5010', currency: 'SLE', side: 'debit', amount: '10.00' },
        { gl_code: '1900', currency: 'SLE', side: 'credit', amount: '10.00' },
      ],
    });
  const entries = async () =>
    (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from journal_entries`))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    s = await paymentsScene(t.app);
    await setBusinessDate(t.app, BUSINESS_DATE);
    from = await fundedAccount(t.app, s.officer, { balance: '1000' });
    to = await fundedAccount(t.app, s.officer);
  });
  afterAll(() => t.close());

  it('refuses 2000-01-01 and 2099-12-31 to a maker without journal.backvalue: 403 on value_date', async () => {
    const before = await entries();
    for (const d of ['2000-01-01', '2099-12-31', '2026-02-07', '2026-03-18']) {
      for (const res of [await transfer(s.officer, d), await journal(s.officer, d)]) {
        expect(res.statusCode, `${d} ${res.body}`).toBe(403);
        expect(res.json().error).toBe(VALUE_DATE_TEXT.outsideWindow);
        expect(res.json().details).toEqual([{ path: '/value_date', message: VALUE_DATE_TEXT.outsideWindow }]);
      }
    }
    expect(await entries()).toBe(before);
    expect(await balanceOf(t.app, from)).toBe('1000.00');
  });

  it('counts the window from the business date: 30 days back and 7 ahead post at once', async () => {
    for (const d of ['2026-02-08', '2026-03-17']) {
      const tr = await transfer(s.officer, d);
      expect(tr.statusCode, `${d} ${tr.body}`).toBe(201);
      expect(tr.json().value_date).toBe(d);
      expect((await journal(s.officer, d)).statusCode).toBe(201);
    }
  });

  it('with journal.backvalue the request goes to a second person, who posts it', async () => {
    const before = await entries();
    const asked = [await transfer(s.accountant, '2000-01-01'), await journal(s.accountant, '2099-12-31')];
    for (const res of asked) expect(res.statusCode, res.body).toBe(202);
    expect(await entries()).toBe(before);
    const [tr, mj] = asked.map((r) => r.json<{ approvalId: string }>().approvalId) as [string, string];
    // The maker cannot approve their own request.
    expect((await approve(t.app, s.accountant, tr)).statusCode).toBe(403);
    expect((await approve(t.app, s.manager, tr)).statusCode).toBe(200);
    // The journal names only bank-wide GL accounts: a checker with every branch in scope decides it.
    expect((await approve(t.app, s.boss, mj)).statusCode).toBe(200);
    const dates = await queryRows<{ value_date: string }>(
      t.app.db,
      sql`select value_date::text from journal_entries where id > (select max(id) - 2 from journal_entries) order by id`,
    );
    expect(dates.map((d) => d.value_date)).toEqual(['2000-01-01', '2099-12-31']);
  });
});

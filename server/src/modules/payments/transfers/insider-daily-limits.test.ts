import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/harness.ts';
import { call, fundedAccount, paymentsScene } from '../../../../test/support/payments.ts';
import { eodStaffOf, runEndOfDay } from '../../../../test/support/eod.ts';
import type { StaffUser } from '../../../../test/support/staff-users.ts';
import { queryRows } from '../../../db/rows.ts';

/**
 * Structuring by transfer: Le 49,999.99 at a time stayed under the Officer's per-transfer limit
 * (Le 50,000) however often it was sent. The business day's totals per paying account and per maker
 * now send the transfer that goes over them to four-eyes.
 */
describe('daily transfer limits', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof paymentsScene>>;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp();
    s = await paymentsScene(t.app);
  });
  afterAll(() => t.close());

  const transfer = (who: StaffUser, from: string, to: string) =>
    call(t.app, who, 'POST', '/api/transfers', {
      from_account: from,
      to_account: to,
      amount: '49999.99',
      narration: 'Split transfer',
      reference: `INSIDER-DAY-${process.pid}-${++n}`,
    });

  it('the third Le 49,999.99 transfer out of one account in a day goes to a checker', async () => {
    const from = await fundedAccount(t.app, s.boss, { balance: '200000' });
    const to = await fundedAccount(t.app, s.boss);
    expect((await transfer(s.officer, from, to)).statusCode).toBe(201);
    expect((await transfer(s.officer, from, to)).statusCode).toBe(201);
    const third = await transfer(s.officer, from, to);
    expect(third.statusCode).toBe(202);
    expect(third.json()).toEqual({ approvalId: expect.any(String) });
  });

  it('a maker spreading transfers over accounts reaches their own daily total', async () => {
    await t.app.db.execute(
      sql`update role_limits set daily_transfer = 120000 where currency = 'SLE'
            and role_id = (select id from roles where key = 'officer')`,
    );
    const maker = s.accountant;
    await t.app.db.execute(
      sql`insert into staff_roles (user_id, role_id) select ${maker.userId}, id from roles where key = 'officer'
          on conflict do nothing`,
    );
    await t.app.db.execute(sql`delete from staff_roles where user_id = ${maker.userId}
      and role_id = (select id from roles where key = 'accountant')`);
    const to = await fundedAccount(t.app, s.boss);
    const froms = [];
    for (const _ of [1, 2, 3]) froms.push(await fundedAccount(t.app, s.boss, { balance: '60000' }));
    expect((await transfer(maker, froms[0]!, to)).statusCode).toBe(201);
    expect((await transfer(maker, froms[1]!, to)).statusCode).toBe(201);
    expect((await transfer(maker, froms[2]!, to)).statusCode).toBe(202);
  });

  it('end of day starts the totals over: the next business day allows the full limits again', async () => {
    const staff = eodStaffOf(t, s.boss, s.boss2, s.officer);
    // The day's transfers sent to four-eyes wait for the next day; the test cash sits in suspense.
    const closeDay = async () => {
      const pending = await queryRows<{ id: string }>(
        t.app.db,
        sql`select id from approval_requests where status = 'pending'`,
      );
      const ids = pending.map((r) => r.id);
      return (await runEndOfDay(t, staff, { acknowledgeSuspense: true, carryOverApprovalIds: ids })).status;
    };
    // The officer reached their own daily total in the first test: a new day lifts it.
    expect(await closeDay()).toBe('completed');
    const from = await fundedAccount(t.app, s.boss, { balance: '200000' });
    const to = await fundedAccount(t.app, s.boss);
    expect((await transfer(s.officer, from, to)).statusCode).toBe(201);
    expect((await transfer(s.officer, from, to)).statusCode).toBe(201);
    expect((await transfer(s.officer, from, to)).statusCode).toBe(202);
    // The account reached its daily total: the next day lifts that too.
    expect(await closeDay()).toBe('completed');
    expect((await transfer(s.officer, from, to)).statusCode).toBe(201);
    // Only the current business date's totals are kept.
    const [left] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select (select count(*) from account_daily_debits where business_date < current_business_date())
               + (select count(*) from maker_daily_debits where business_date < current_business_date()) as n`,
    );
    expect(Number(left!.n)).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { cashAccount, openTill, ref, tellerScene } from '../../../test/support/teller.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';

/**
 * Structuring at the counter: withdrawals just under the teller's per-transaction limit (Le 20,000)
 * used to be paid without a second person however many there were. The business day's totals per
 * account and per teller now send the one that goes over to four-eyes.
 */
describe('daily cash withdrawal limits', () => {
  let t: TestApp;
  let scene: Awaited<ReturnType<typeof tellerScene>>;
  beforeAll(async () => {
    t = await createTestApp();
    scene = await tellerScene(t.app);
  });
  afterAll(() => t.close());

  const withdraw = (who: StaffUser, accountNumber: string) =>
    scene.call('POST', '/api/teller/withdrawals', who, {
      reference: ref('W'),
      accountNumber,
      amount: '19999.99',
      partyName: 'Mohamed Kamara',
      partyIdNumber: 'ID-1',
      signatureConfirmed: true,
    });

  it('the third Le 19,999.99 withdrawal from one account in a day goes to a supervisor', async () => {
    await openTill(scene, scene.teller, '100000.00');
    const a = await cashAccount(t.app, { balance: '100000.00' });
    expect((await withdraw(scene.teller, a.number)).statusCode).toBe(201);
    expect((await withdraw(scene.teller, a.number)).statusCode).toBe(201);
    const third = await withdraw(scene.teller, a.number);
    expect(third.statusCode).toBe(202);
    expect(third.json()).toMatchObject({ status: 'pending_approval', approvalId: expect.any(String) });
  });

  it('a teller spreading withdrawals over accounts reaches their own daily total', async () => {
    // The teller role's daily total set low enough for three withdrawals to pass it.
    await t.app.db.execute(
      sql`update role_limits set daily_cash_withdrawal = 50000 where currency = 'SLE'
            and role_id = (select id from roles where key = 'teller')`,
    );
    await openTill(scene, scene.teller2, '100000.00');
    const accounts = await Promise.all([1, 2, 3].map(() => cashAccount(t.app, { balance: '30000.00' })));
    expect((await withdraw(scene.teller2, accounts[0]!.number)).statusCode).toBe(201);
    expect((await withdraw(scene.teller2, accounts[1]!.number)).statusCode).toBe(201);
    expect((await withdraw(scene.teller2, accounts[2]!.number)).statusCode).toBe(202);
  });
});

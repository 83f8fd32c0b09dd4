import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { amlScene } from '../../../test/support/aml.ts';
import { postTestEntry } from '../../../test/support/journal-entries.ts';
import { cashAccount } from '../../../test/support/teller.ts';
import { queryRows } from '../../db/rows.ts';
import { evaluateBusinessDate } from './index.ts';

/**
 * Each seeded scenario with its default thresholds: one setup that makes it fire and one just beside
 * it that does not, read back over HTTP as the Compliance Officer sees the queue.
 */
describe('monitoring scenarios', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof amlScene>>;
  const customersOf = async (scenario: Parameters<typeof s.alerts>[0]) =>
    (await s.alerts(scenario)).map((a) => a.customerId);
  const credit = (accountId: number, amount: string, source = 'transfer') =>
    postTestEntry(
      t.app.db,
      [
        { accountId, side: 'credit', amount },
        { gl: '1900', side: 'debit', amount, currency: 'SLE' },
      ],
      { source },
    );
  const debit = (accountId: number, amount: string) =>
    postTestEntry(
      t.app.db,
      [
        { accountId, side: 'debit', amount },
        { gl: '1900', side: 'credit', amount, currency: 'SLE' },
      ],
      { source: 'transfer' },
    );

  beforeAll(async () => {
    t = await createTestApp();
    s = await amlScene(t.app);
  });
  afterAll(() => t.close());

  it('structuring: two deposits under the threshold that together reach it fire; two small ones do not', async () => {
    const hit = await cashAccount(t.app);
    const quiet = await cashAccount(t.app);
    for (const a of [hit, hit]) expect((await s.deposit(a.number, '20000.00')).statusCode).toBe(201);
    for (const a of [quiet, quiet]) expect((await s.deposit(a.number, '10000.00')).statusCode).toBe(201);
    const found = await s.alerts('structuring');
    expect(found.find((a) => a.customerId === hit.custId)).toMatchObject({
      amount: '40000.00',
      score: 90,
      facts: { direction: 'credit', transactions: 2 },
    });
    expect(found.map((a) => a.customerId)).not.toContain(quiet.custId);
  });

  it('cash aggregation: the day’s cash of one customer across two accounts fires; one large deposit alone does not', async () => {
    const a1 = await cashAccount(t.app);
    const [a2] = [await cashAccount(t.app)];
    await t.app.db.execute(sql`update accounts set cust_id = ${a1.custId} where id = ${a2.id}`);
    expect((await s.deposit(a1.number, '15000.00')).statusCode).toBe(201);
    expect((await s.deposit(a2.number, '16000.00')).statusCode).toBe(201);
    const single = await cashAccount(t.app);
    expect((await s.deposit(single.number, '35000.00')).statusCode).toBe(201);
    const found = await s.alerts('cash_aggregation');
    expect(found.find((a) => a.customerId === a1.custId)?.amount).toBe('31000.00');
    expect(found.map((a) => a.customerId)).not.toContain(single.custId);
    // Each deposit of the pair is under the threshold too: structuring across accounts.
    expect(await customersOf('structuring')).toContain(a1.custId);
  });

  it('rapid movement: most of an inflow leaving the same day fires; a small outflow does not', async () => {
    const fast = await cashAccount(t.app);
    const slow = await cashAccount(t.app);
    await credit(fast.id, '60000.00');
    await debit(fast.id, '55000.00');
    await credit(slow.id, '60000.00');
    await debit(slow.id, '10000.00');
    await evaluateBusinessDate(t.app.db, await s.today());
    const found = await s.alerts('rapid_movement');
    expect(found.find((a) => a.customerId === fast.custId)?.facts).toMatchObject({
      inflow: '60000.00',
      outflow: '55000.00',
    });
    expect(found.map((a) => a.customerId)).not.toContain(slow.custId);
  });

  it('dormant awakening: an account quiet for over 180 days receiving Le 25,000 fires; a new account does not', async () => {
    const old = await cashAccount(t.app);
    await t.app.db.execute(
      sql`update accounts set opened_on = current_business_date() - 400 where id = ${old.id}`,
    );
    const fresh = await cashAccount(t.app);
    await credit(old.id, '25000.00');
    await credit(fresh.id, '25000.00');
    await evaluateBusinessDate(t.app.db, await s.today());
    const found = await customersOf('dormant_awakening');
    expect(found).toContain(old.custId);
    expect(found).not.toContain(fresh.custId);
  });

  it('profile mismatch: Le 15,000 in for a declared income under Le 2,000 fires; for over Le 50,000 it does not', async () => {
    const low = await cashAccount(t.app);
    const high = await cashAccount(t.app);
    await t.app.db.execute(
      sql`update customers set profile = '{"incomeBand":"under_2k"}' where cust_id = ${low.custId}`,
    );
    await t.app.db.execute(
      sql`update customers set profile = '{"incomeBand":"over_50k"}' where cust_id = ${high.custId}`,
    );
    await credit(low.id, '15000.00');
    await credit(high.id, '15000.00');
    await evaluateBusinessDate(t.app.db, await s.today());
    const found = await s.alerts('profile_mismatch');
    expect(found.find((a) => a.customerId === low.custId)?.facts).toMatchObject({ incomeBand: 'under_2k' });
    expect(found.map((a) => a.customerId)).not.toContain(high.custId);
  });

  it('high-risk and PEP activity: Le 12,000 by a PEP fires; the same by an ordinary customer does not', async () => {
    const pep = await cashAccount(t.app);
    const plain = await cashAccount(t.app);
    await t.app.db.execute(sql`update customers set pep = true where cust_id = ${pep.custId}`);
    await credit(pep.id, '12000.00');
    await credit(plain.id, '12000.00');
    await evaluateBusinessDate(t.app.db, await s.today());
    const found = await customersOf('high_risk_activity');
    expect(found).toContain(pep.custId);
    expect(found).not.toContain(plain.custId);
  });

  it('many counterparties: round amounts from five payers fire; from four they do not', async () => {
    const many = await cashAccount(t.app);
    const few = await cashAccount(t.app);
    const pay = async (to: number, payers: number) => {
      for (let i = 0; i < payers; i++) {
        const from = await cashAccount(t.app, { balance: '5000.00' });
        await postTestEntry(
          t.app.db,
          [
            { accountId: from.id, side: 'debit', amount: '1000.00' },
            { accountId: to, side: 'credit', amount: '1000.00' },
          ],
          { source: 'transfer' },
        );
      }
    };
    await pay(many.id, 5);
    await pay(few.id, 4);
    await evaluateBusinessDate(t.app.db, await s.today());
    const found = await s.alerts('many_counterparties');
    expect(found.find((a) => a.customerId === many.custId)?.facts).toMatchObject({ payers: 5 });
    expect(found.map((a) => a.customerId)).not.toContain(few.custId);
  });

  it('evaluating a date again changes nothing: one alert per rule, customer and date', async () => {
    const state = () =>
      queryRows<{ n: number; u: string }>(
        t.app.db,
        sql`select count(*)::int as n, max(updated_at)::text as u from aml_alerts`,
      );
    const before = await state();
    await evaluateBusinessDate(t.app.db, await s.today());
    expect(await state()).toEqual(before);
  });
});

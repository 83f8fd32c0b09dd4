import { SUSPENSE_GL } from '../../../test/support/banking-fixtures.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { announcementSchema, dashboardStatsSchema, newsItemSchema, taskSchema } from '@bankmanager/contracts';
import { z } from 'zod';
import { createTestDb } from '../../../test/support/harness.ts';
import type { DbHandle } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { seedDemo } from '../../demo-seed.ts';
import { postTransaction } from '../ledger/index.ts';
import { getDashboardContent, getDashboardStats } from './service.ts';

/** The same figures, computed the slow way straight from the tables. */
async function recompute(h: DbHandle) {
  const [r] = await queryRows<Record<string, string>>(
    h.db,
    sql`select
      (select count(*) from customers where status <> 'Closed') as total,
      (select count(*) from accounts where account_type = 'Loan' and status = 'Active' and balance < 0) as loans,
      (select coalesce(sum(greatest(balance, 0)), 0)::numeric(20,2)::text from accounts where account_type <> 'Loan' and status <> 'Closed' and currency = 'SLE') as sle,
      (select coalesce(sum(greatest(balance, 0)), 0)::numeric(20,2)::text from accounts where account_type <> 'Loan' and status <> 'Closed' and currency = 'USD') as usd,
      (select round(100.0 * count(*) filter (where kyc_complete) / count(*), 1) from customers where status = 'Active') as compliance`,
  );
  return {
    totalCustomers: Number(r!.total),
    activeLoans: Number(r!.loans),
    totalDeposits: [
      { currency: 'SLE', amount: r!.sle },
      { currency: 'USD', amount: r!.usd },
    ],
    complianceScore: Number(r!.compliance),
  };
}

describe('dashboard service', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
    await seedDemo(h, { customers: 400, transactionsPerAccount: 4, seed: 7 });
  });
  afterAll(() => h.close());

  it('returns stats in the contract shape that match the tables after the seed', async () => {
    const stats = dashboardStatsSchema.parse(await getDashboardStats(h.db));
    expect(stats).toMatchObject(await recompute(h));
    expect(stats.totalCustomers).toBeGreaterThan(350);
    expect(stats.activeLoans).toBeGreaterThan(0);
    expect(stats.complianceDefinition).toMatch(/KYC/);
  });

  it('keeps the running totals right through postings, status changes, KYC changes and new customers', async () => {
    const [acct] = await queryRows<{ id: string }>(
      h.db,
      sql`select id from accounts where account_type = 'Savings' and currency = 'SLE' and status = 'Active' order by id limit 1`,
    );
    const [loan] = await queryRows<{ id: string; balance: string }>(
      h.db,
      sql`select id, balance from accounts where account_type = 'Loan' and status = 'Active' and balance < 0 order by id limit 1`,
    );
    await postTransaction(h.db, {
      counterGlCode: SUSPENSE_GL,
      accountId: Number(acct!.id),
      direction: 'credit',
      amount: '1000000.55',
      description: 'big deposit',
    });
    await postTransaction(h.db, {
      counterGlCode: SUSPENSE_GL,
      accountId: Number(acct!.id),
      direction: 'debit',
      amount: '0.55',
      description: 'fee',
    });
    // Paying a loan off ends it as an "active loan".
    await postTransaction(h.db, {
      counterGlCode: SUSPENSE_GL,
      accountId: Number(loan!.id),
      direction: 'credit',
      amount: loan!.balance.slice(1),
      description: 'payoff',
    });
    await h.db.execute(
      sql`update customers set status = 'Closed' where cust_id in (select cust_id from customers where status = 'Active' order by cust_id limit 3)`,
    );
    await h.db.execute(
      sql`update customers set address = null where cust_id in (select cust_id from customers where status = 'Active' and kyc_complete order by cust_id limit 5)`,
    );
    await h.db.execute(
      sql`update accounts set status = 'Closed' where id in (select id from accounts where account_type = 'Current' and status = 'Active' order by id limit 2)`,
    );
    await h.db.execute(
      sql`insert into customers (name, type, mobile_no, status, branch_code) values ('Aminata Sesay', 'private', '+23276555123', 'Active', '001')`,
    );
    expect(await getDashboardStats(h.db)).toMatchObject(await recompute(h));
    // And the repair tool agrees with the triggers.
    await h.db.execute(sql`select refresh_banking_stats()`);
    expect(await getDashboardStats(h.db)).toMatchObject(await recompute(h));
  });

  it('returns news, up to 5 announcements and 5 tasks, in the contract shape', async () => {
    const content = z
      .object({
        news: z.array(newsItemSchema),
        announcements: z.array(announcementSchema),
        tasks: z.array(taskSchema),
      })
      .parse(await getDashboardContent(h.db));
    expect(content.news.length).toBe(5);
    expect(content.announcements.length).toBe(5);
    expect(content.tasks.length).toBe(5);
    expect(content.news[0]!.date >= content.news[1]!.date).toBe(true);
    expect(content.tasks.every((t) => t.status !== 'completed')).toBe(true);
    expect((await getDashboardContent(h.db, { news: 3 })).news).toHaveLength(3);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '../../../../test/support/harness.ts';
import { catalog, dump } from '../../../../test/support/seed-dump.ts';
import type { DbHandle } from '../../client.ts';
import { queryRows } from '../../rows.ts';
import { seedBanking } from './index.ts';

const OPTS = { customers: 300, transactionsPerAccount: 6, seed: 42 };

describe('banking seed', () => {
  let a: DbHandle;
  let b: DbHandle;
  let before: string[];
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestDb(), createTestDb()]);
    before = await catalog(a.db);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('is deterministic: the same seed gives byte-identical dumps in two fresh databases', async () => {
    const ra = await a.db.transaction((tx) => seedBanking(tx, OPTS));
    await b.db.execute(sql`set timezone = 'America/New_York'`); // session time zone must not matter
    const rb = await b.db.transaction((tx) => seedBanking(tx, OPTS));
    expect(ra.customers).toBe(300);
    expect(ra.transactions).toBeGreaterThan(300 * 6 * 0.9);
    expect([rb.customers, rb.accounts, rb.transactions]).toEqual([
      ra.customers,
      ra.accounts,
      ra.transactions,
    ]);
    await b.db.execute(sql`set timezone = 'UTC'`);
    expect(await dump(b.db)).toEqual(await dump(a.db));
  });

  it('puts back every index, constraint and trigger the bulk load switched off', async () => {
    expect(before.length).toBeGreaterThan(20);
    expect(await catalog(a.db)).toEqual(before);
  });

  it('keeps the ledger invariants and skips when data already exists', async () => {
    expect(await queryRows(a.db, sql`select * from ledger_violations()`)).toEqual([]);
    // The short-term counts the seed lists in JS equal what the table's triggers count in SQL.
    expect(await queryRows(a.db, sql`select * from registered_user_term_count_violations()`)).toEqual([]);
    const [terms] = await queryRows<{ n: string }>(
      a.db,
      sql`select count(*) as n from registered_user_term_counts`,
    );
    expect(Number(terms!.n)).toBeGreaterThan(100);
    // The last-activity rows written with the postings are what end of day's own backfill computes.
    const [activity] = await queryRows<{ kept: string; differ: string }>(
      a.db,
      sql`with expected as (
            select t.account_id, max(e.business_date) as d from transactions t join journal_entries e on e.id = t.entry_id
             where is_customer_activity(e.source, t.direction) group by t.account_id),
          kept as (select account_id, last_customer_activity as d from account_activity)
          select (select count(*) from kept) as kept,
                 (select count(*) from ((table expected except table kept) union all (table kept except table expected)) x) as differ`,
    );
    expect(Number(activity!.kept)).toBeGreaterThan(300);
    expect(Number(activity!.differ)).toBe(0);
    // Every intermediate running balance is legal too: no savings below zero, no loan above it.
    const [bad] = await queryRows<{ n: string }>(
      a.db,
      sql`select count(*) as n from transactions t join accounts ac on ac.id = t.account_id
          where (ac.account_type = 'Loan' and t.balance_after > 0) or (ac.account_type <> 'Loan' and t.balance_after < 0)`,
    );
    expect(Number(bad!.n)).toBe(0);
    const [audit] = await queryRows<{ n: string }>(
      a.db,
      sql`select count(*) as n from audit_log where action = 'banking.seed'`,
    );
    expect(Number(audit!.n)).toBe(1);
    const again = await a.db.transaction((tx) => seedBanking(tx, OPTS));
    expect(again.skipped).toBe(true);
  });

  it('looks like Sierra Leone: names, +232 mobiles, branches, status mix, USD minority, ~60% subscribed', async () => {
    const [facts] = await queryRows<Record<string, string>>(
      a.db,
      sql`select
        (select count(*) from customers where mobile_no !~ '^\\+232(7[2-9]|88|99|3[0-4])[0-9]{6}$') as bad_mobiles,
        (select count(*) from customers where name ~ '(Kamara|Koroma|Conteh|Sesay|Bangura|Turay|Jalloh|Kargbo|Mansaray|Fofanah)') as common_names,
        (select count(distinct status) from customers) as statuses,
        (select count(*) from customers where status in ('Blocked')) as blocked,
        (select count(*) from customers where status in ('Pending')) as pending,
        (select count(distinct b.town) from customers c join branches b on b.code = c.branch_code) as towns,
        (select round(100.0 * count(*) filter (where currency = 'USD') / count(*)) from accounts) as usd_pct,
        (select round(100.0 * count(*) filter (where subscribed) / (select count(*) from customers)) from mobile_banking_subscriptions) as subscribed_pct,
        (select count(*) from mobile_banking_subscriptions s join accounts ac on ac.id = s.pay_account_id where ac.cust_id <> s.cust_id) as foreign_pay_accounts`,
    );
    expect(Number(facts!.bad_mobiles)).toBe(0);
    expect(Number(facts!.common_names)).toBeGreaterThan(50);
    expect(Number(facts!.statuses)).toBe(5);
    expect(Number(facts!.blocked)).toBeGreaterThan(0);
    expect(Number(facts!.pending)).toBeGreaterThan(0);
    expect(Number(facts!.towns)).toBeGreaterThanOrEqual(8);
    expect(Number(facts!.usd_pct)).toBeGreaterThan(2);
    expect(Number(facts!.usd_pct)).toBeLessThan(20);
    expect(Number(facts!.subscribed_pct)).toBeGreaterThan(50);
    expect(Number(facts!.subscribed_pct)).toBeLessThan(70);
    expect(Number(facts!.foreign_pay_accounts)).toBe(0);
  });

  it('continues ids after the generated ones and keeps the triggers on afterwards', async () => {
    await expect(
      a.db.execute(sql`update accounts set balance = balance + 1 where id = (select min(id) from accounts)`),
    ).rejects.toThrow();
    const [next] = await queryRows<{ n: string; max: string }>(
      a.db,
      sql`select nextval(pg_get_serial_sequence('customers', 'cust_id')) as n, (select max(cust_id) from customers) as max`,
    );
    expect(Number(next!.n)).toBe(Number(next!.max) + 1);
  });
});

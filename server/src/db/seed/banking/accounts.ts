import { sql } from 'drizzle-orm';
import type { Database } from '../../client.ts';
import { accountFacts, signedCents, toMoney } from './amounts.ts';
import { mobileSql } from './customers.ts';
import type { Rng } from './prng.ts';
import { inRange, type CustomerRange } from './range.ts';

/** Account ids are cust_id * 4 + j (j = 1..3): stable whatever the row order, no sequence involved. */
export const ACCOUNTS_PER_CUSTOMER_MAX = 3;

/** The account ids a customer range can hold (first and last), which the primary key finds. */
export const accountIdsOf = (range: CustomerRange) => ({ first: range.from * 4 + 1, last: range.to * 4 + 3 });

/**
 * Opens 1–3 accounts per customer. The first is always a transactional account (Savings, Mobile
 * Wallet or Current) and becomes the mobile-banking payment account. The balance is inserted
 * directly as the sum of the postings the postings pass will generate (triggers are off in bulk),
 * with its band, which the posting writers would otherwise set.
 */
export async function insertAccounts(
  tx: Database,
  rng: Rng,
  asOf: string,
  t: number,
  range: CustomerRange,
): Promise<void> {
  const c = sql`c.cust_id`;
  const key = sql`(${c}::bigint * 4 + j.j)`;
  const r = (stream: number, n: number) => rng(key, stream, n);
  const business = sql`c.type in ('corporate', 'organisation', 'government')`;
  const product = sql`case
      when j.j = 1 and ${business} then 'CUR-SLE'
      when j.j = 1 then case when ${r(101, 100)} < 40 then 'SAV-SLE' when ${r(101, 100)} < 70 then 'MW-SLE' else 'CUR-SLE' end
      when j.j = 2 and ${business} then case when ${r(102, 100)} < 40 then 'LN-SLE' when ${r(102, 100)} < 60 then 'FD-SLE' else 'CUR-USD' end
      when j.j = 2 then case when ${r(102, 100)} < 25 then 'FD-SLE' when ${r(102, 100)} < 55 then 'LN-SLE'
                             when ${r(102, 100)} < 70 then 'SAV-USD' when ${r(102, 100)} < 80 then 'CUR-USD' else 'SAV-SLE' end
      else case when ${r(103, 100)} < 40 then 'LN-SLE' when ${r(103, 100)} < 70 then 'FD-SLE' else 'FD-USD' end end`;
  const status = sql`case c.status when 'Closed' then 'Closed' when 'Blocked' then 'Blocked' when 'Dormant' then 'Dormant'
      else case when ${r(104, 100)} < 3 then 'Dormant' else 'Active' end end`;
  const openedOn = sql`least((c.created_at at time zone 'UTC')::date + ((j.j - 1) * ${r(105, 900)})::int, ${asOf}::date - 1)`;
  // A Closed account carries no postings (its history is archived), so its balance is 0.
  const finalBalance = toMoney(
    sql`(select coalesce(sum(${signedCents(rng, sql`k.k`, t)}), 0) from generate_series(1, ${t}::int) as k(k))`,
  );
  await tx.execute(sql`
    insert into accounts (id, account_number, cust_id, product_code, account_type, currency, status, opened_on,
                          branch_code, ledger_code, balance, balance_band, overdraft_limit, block_kind)
    select a.id, make_account_number(a.branch_code, a.id), a.cust_id, a.product_code, a.account_type, a.currency,
           a.status, a.opened_on, a.branch_code, a.ledger_code,
           b.balance, balance_band_of(b.balance), 0,
           case when a.status = 'Blocked' then 'total' end
    from (
      select x.*, p.account_type, p.currency, p.ledger_code
      from (
        select ${key} as id, ${c} as cust_id, c.branch_code, ${product} as product_code, ${status} as status, ${openedOn} as opened_on
        from customers c
        cross join lateral generate_series(1, case when ${rng(c, 100, 100)} < 70 then 1 when ${rng(c, 100, 100)} < 93 then 2 else 3 end) as j(j)
        where ${inRange(c, range)}
      ) x
      join products p on p.code = x.product_code
    ) a
    cross join lateral ${accountFacts(rng)} o
    cross join lateral (select case when a.status = 'Closed' then 0 else ${finalBalance} end as balance offset 0) b`);
}

/**
 * About 90% of customers registered for mobile banking on their first account, two thirds of them
 * currently subscribed (≈ 60% of all customers); Pending customers are never subscribed yet.
 */
export async function insertSubscriptions(
  tx: Database,
  rng: Rng,
  asOf: string,
  range: CustomerRange,
): Promise<void> {
  const c = sql`c.cust_id`;
  await tx.execute(sql`
    insert into mobile_banking_subscriptions (cust_id, mobile_no, pay_account_id, subscribed, updated_at, updated_by, version)
    select ${c},
           case when ${rng(c, 110, 100)} < 5 then ${mobileSql(rng, c, 111)} else c.mobile_no end,
           ${c} * 4 + 1,
           c.status <> 'Pending' and ${rng(c, 113, 100)} < 68,
           least(c.created_at + (1 + ${rng(c, 114, 400)}) * interval '24 hours', (${asOf}::date)::timestamp at time zone 'UTC'),
           'seed', 1
    from customers c
    where c.status <> 'Closed' and ${rng(c, 115, 100)} < 90 and ${inRange(c, range)}`);
}

/** The registered-users screen's keys, set-based (its sync triggers are off during the bulk load). */
export async function insertRegisteredUserKeys(tx: Database, range: CustomerRange): Promise<void> {
  await tx.execute(sql`
    insert into registered_user_keys (cust_id, name, mobile_no, branch_code, balance_band)
    select s.cust_id, c.name, s.mobile_no, c.branch_code, a.balance_band
    from mobile_banking_subscriptions s
    join customers c on c.cust_id = s.cust_id
    join accounts a on a.id = s.pay_account_id
    where ${inRange(sql`s.cust_id`, range)}`);
  await tx.execute(sql`
    insert into registered_user_balances (cust_id, name, mobile_no, balance, branch_code)
    select k.cust_id, k.name, k.mobile_no, a.balance, k.branch_code
    from registered_user_keys k
    join mobile_banking_subscriptions s on s.cust_id = k.cust_id
    join accounts a on a.id = s.pay_account_id
    where ${inRange(sql`k.cust_id`, range)}`);
}

import { sql } from 'drizzle-orm';

/**
 * Each customer account's balance at the end of `date`, debit-positive (a deposit reads negative, a
 * loan positive, as the trial balance reads their control accounts): today's balance less what was
 * posted to it on later business dates. Accounts opened later read zero.
 */
export const accountsAsOf = (date: string) => sql`
  later as (
    select t.account_id, sum(case t.direction when 'credit' then t.amount else -t.amount end) as moved
      from transactions t join journal_entries e on e.id = t.entry_id
     where e.business_date > ${date}::date
     group by t.account_id),
  acc as (
    select a.id, a.cust_id, a.currency, a.ledger_code, a.account_type, c.type as customer_type,
           -(a.balance - coalesce(later.moved, 0)) as net
      from accounts a join customers c on c.cust_id = a.cust_id
      left join later on later.account_id = a.id)`;

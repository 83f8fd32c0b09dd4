import { sql } from 'drizzle-orm';

/** The loan portfolio's GL accounts: every loan product's, and the chart's loans to customers. */
export const loanPortfolioGlCodes = sql`
  select portfolio_gl as code from loan_products where portfolio_gl is not null
  union select unnest(array['1410', '1411'])`;

/**
 * Loan accounts under the portfolio's GL accounts with no loan-book record (opened as plain Loan
 * accounts, or taken over from an earlier system), per currency, at the close of `date`: those with a
 * balance then, and its sum debit-positive (as the portfolio's GL reads). Each account's balance is
 * today's less what entries of later business dates moved on it, as `accountsAsOf` reads it. When end
 * of day takes it for the day it closes no later entry exists, and it costs one pass over the accounts.
 */
export const loansOutsideTheBookAsOf = (date: string) => sql`
  with later as (
    select t.account_id, sum(case t.direction when 'credit' then t.amount else -t.amount end) as moved
      from journal_entries e join transactions t on t.entry_id = e.id
     where e.business_date > ${date}::date
     group by t.account_id),
  acc as (
    select a.currency, -(a.balance - coalesce(later.moved, 0)) as net
      from accounts a left join later on later.account_id = a.id
     where a.ledger_code in (${loanPortfolioGlCodes})
       and not exists (select 1 from loans l where l.account_id = a.id))
  select currency, count(*)::int as accounts, sum(net)::numeric(18, 2) as principal
    from acc where net <> 0 group by currency`;

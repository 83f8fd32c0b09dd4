import { sql, type SQL } from 'drizzle-orm';
import type { EodStep } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { postingProductsOn } from './rates.ts';
import type { RunFacts } from './step-context.ts';

/**
 * Interest booked by accrual for the day, of the given kinds: the credit step books `credit`, the
 * overdraft step `debit`, and the accrual after month-end posting both, so each reports only its own.
 */
function accrualTotals(kinds: Array<'credit' | 'debit'>) {
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  return (d: string) => sql`
    select currency || ' ' || kind || ' interest booked' as k, sum(accrued)::text as v from eod_interest_daily
     where business_date = ${d}::date and kind in (${kindList}) group by currency, kind
    union all select case kind when 'credit' then 'accounts earning' else 'overdrawn accounts charged' end, sum(accounts)::text
      from eod_interest_daily where business_date = ${d}::date and kind in (${kindList}) group by kind`;
}

/**
 * What a step did, read back from what it left per account for the date (so a resumed or retried
 * step reports the whole day, not its last attempt). Keys are labels; values decimal strings.
 */
const QUERIES: Partial<Record<EodStep, (d: string, run: RunFacts) => SQL>> = {
  credit_accrual: accrualTotals(['credit']),
  overdraft_accrual: accrualTotals(['debit']),
  accrual_after_posting: accrualTotals(['credit', 'debit']),
  // Rows the step counted but did not post are explained by why they wait, so "940 / 980" adds up.
  interest_posting: (d, run) => sql`
    select 'not posted, ' || case when a.status = 'Blocked' then 'account totally blocked' else 'account ' || lower(a.status) end as k,
           count(*)::text as v
      from account_interest i join accounts a on a.id = i.account_id
     where i.credit_booked > 0 and a.product_code in ${postingProductsOn(d, run.monthEnd, run.quarterEnd)}
       and (a.status not in ('Active', 'Dormant', 'Blocked') or (a.status = 'Blocked' and a.block_kind = 'total'))
       and (select true from interest_postings ip where ip.business_date = ${d}::date and ip.kind = 'credit' and ip.account_id = a.id) is null
     group by 1
    union all
    -- A money figure's key starts with its currency; a count's ends with it (contracts' describeStepTotal).
    select case when t.k = 'accounts' then 'accounts in ' || currency else currency || ' ' || t.k end as k, t.v as v from (
      select currency, 'gross' as k, sum(gross)::text as v, 1 as o from interest_postings where business_date = ${d}::date and kind = 'credit' and reason <> 'maturity' group by currency
      union all select currency, 'WHT', sum(wht)::text, 2 from interest_postings where business_date = ${d}::date and kind = 'credit' and reason <> 'maturity' group by currency
      union all select currency, 'net', sum(net)::text, 3 from interest_postings where business_date = ${d}::date and kind = 'credit' and reason <> 'maturity' group by currency
      union all select currency, 'accounts', count(*)::text, 4 from interest_postings where business_date = ${d}::date and reason <> 'maturity' group by currency
      union all select currency, 'overdraft interest charged', sum(gross)::text, 5 from interest_postings where business_date = ${d}::date and kind = 'debit' group by currency
    ) t`,
  fd_maturities: (d) => sql`
    select 'deposits ' || action as k, count(*)::text as v from eod_fd_maturities where business_date = ${d}::date group by action
    union all select currency || ' interest at maturity', sum(gross)::text from interest_postings
     where business_date = ${d}::date and reason = 'maturity' group by currency`,
  fees: (d) => sql`
    select a.currency || ' ' || c.fee || ' fees' as k, sum(c.amount)::text as v from eod_fee_charges c join accounts a on a.id = c.account_id
     where c.business_date = ${d}::date group by a.currency, c.fee
    union all select 'accounts charged', count(distinct account_id)::text from eod_fee_charges where business_date = ${d}::date`,
  dormancy: (d) =>
    sql`select 'newly dormant' as k, count(*)::text as v from eod_dormancy_marks where business_date = ${d}::date`,
  gl_snapshot: (d) => sql`
    select currency || ' trial balance' as k, sum(balance)::text as v from gl_daily_balances where business_date = ${d}::date group by currency
    union all select 'GL accounts', count(*)::text from gl_daily_balances where business_date = ${d}::date`,
  report_aggregates: (d) => sql`
    select 'rows' as k, ((select count(*) from report_daily_positions where business_date = ${d}::date)
      + (select count(*) from report_daily_cash where business_date = ${d}::date))::text as v`,
};

export async function stepTotals(
  db: Database,
  step: EodStep,
  run: RunFacts,
): Promise<Record<string, string> | undefined> {
  const q = QUERIES[step];
  if (!q) return undefined;
  const rows = await queryRows<{ k: string; v: string | null }>(db, q(run.businessDate, run));
  return Object.fromEntries(rows.filter((r) => r.v !== null).map((r) => [r.k, r.v!]));
}

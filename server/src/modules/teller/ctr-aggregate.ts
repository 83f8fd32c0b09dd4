import { sql, type SQL } from 'drizzle-orm';
import { TELLER_CASH_OUT_KINDS } from '@bankmanager/contracts';

/**
 * CTRs per customer per business day (docs/decisions/0048-goaml-filing.md): one customer's posted
 * cash in, and separately cash out, summed across their accounts and branches per day and currency,
 * at or over CTR_THRESHOLD (foreign cash in Leones at the day's rate). Three deposits of Le 29,999.99
 * on one day are one CTR of Le 89,999.97, though none of them was flagged alone. The teller module owns teller_transactions, so it owns this
 * SQL; the AML filing module composes it (the list beside its filings, and the filings themselves).
 */
export interface CtrRange {
  from: string;
  to: string;
  /** Customers of this home branch only (a CTR spans branches; the customer belongs to one). */
  branch?: string | undefined;
  threshold: Record<'SLE' | 'USD', string>;
}

/** Cash in (deposits and loan repayments at the counter, summed together) or out (withdrawals and loan disbursements). */
const DIRECTION = sql.raw(
  `case when t.kind in (${TELLER_CASH_OUT_KINDS.map((k) => `'${k}'`).join(', ')}) then 'out' else 'in' end`,
);

/**
 * The CTRs of a range as rows (business_date, cust_id, currency, direction, total, n, customer_name,
 * customer_branch). Reads the partial index teller_transactions_cash_day_idx for the days, then one
 * account row per transaction. The threshold is in Leones over the customer's whole day: each
 * currency's total at the mid rate of its business day (or the latest before it), so Le 20,000 and
 * USD 800 on one day together make a CTR, one row per currency. A foreign currency with no rate at
 * all is judged alone against its own threshold (ADR 0058).
 */
export function ctrGroupsSql(r: CtrRange): SQL {
  return sql`select g.business_date, g.cust_id, g.currency, g.direction, g.total, g.n,
      c.name as customer_name, c.branch_code as customer_branch
    from (select x.*, sum(x.total_le) over (partition by x.business_date, x.cust_id, x.direction) as day_le
            from (select t.business_date, a.cust_id, t.currency,
                         ${DIRECTION} as direction,
                         sum(t.amount) as total, count(*)::int as n,
                         sum(t.amount) * case when t.currency = 'SLE' then 1 else (
                           select f.mid from fx_rates f where f.currency = t.currency and f.business_date <= t.business_date
                            order by f.business_date desc limit 1) end as total_le
                    from teller_transactions t join accounts a on a.id = t.account_id
                   where t.status = 'posted' and t.business_date between ${r.from}::date and ${r.to}::date
                   group by t.business_date, a.cust_id, t.currency, ${DIRECTION}) x) g
    join customers c on c.cust_id = g.cust_id
   where (g.day_le >= ${r.threshold.SLE}::numeric
          or (g.total_le is null and g.total >= ${r.threshold.USD}::numeric))
    ${r.branch ? sql`and c.branch_code = ${r.branch}` : sql``}`;
}

/**
 * The transactions inside one CTR row `g` (a lateral subquery's body: jsonb array, oldest first), in
 * the shape of the contracts' ctrReportTransactionSchema plus the kind and the account's name.
 */
export function ctrTransactionsSql(g: string): SQL {
  const alias = sql.raw(g);
  return sql`select coalesce(jsonb_agg(jsonb_build_object(
        'reference', e.reference, 'entryId', t.entry_id::text, 'branch', t.branch_code,
        'accountNumber', t.account_number, 'accountName', t.account_name, 'kind', t.kind,
        'amount', t.amount::text, 'postedAt', to_char(t.posted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'partyName', t.party_name, 'partyIdNumber', t.party_id_number)
        order by t.posted_at, t.id), '[]'::jsonb) as transactions
      from teller_transactions t join journal_entries e on e.id = t.entry_id
     where t.status = 'posted' and t.business_date = ${alias}.business_date and t.currency = ${alias}.currency
       and ${DIRECTION} = ${alias}.direction
       and t.account_id in (select a.id from accounts a where a.cust_id = ${alias}.cust_id)`;
}

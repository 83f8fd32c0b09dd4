import { sql, type SQL } from 'drizzle-orm';

/**
 * The rates in force on each day from `from` to `through`, per product, from the version of its terms
 * in force THAT day (product_versions, never rewritten): `flat` holds the credit rate or its tiers as
 * balance bands [min_bal, max_bal), `tenor` the fixed-deposit rate per tenor in months, `debit` the
 * overdraft rate. A few rows per product and day: end of day joins accounts to them set-based.
 */
export const ratesCtes = (from: string, through: string): SQL => sql`
  days as (select g::date as day from generate_series(${from}::date, ${through}::date, interval '1 day') g),
  pv as (
    select p.code as product_code, d.day, v.credit_rate, v.credit_tiers, v.debit_rate, v.fixed_deposit
      from products p cross join days d
      cross join lateral (select * from product_versions v where v.product_code = p.code and v.effective_from <= d.day
                           order by v.effective_from desc limit 1) v),
  flat as (
    select product_code, day, 0::numeric as min_bal, null::numeric as max_bal, credit_rate as rate
      from pv where jsonb_array_length(credit_tiers) = 0
    union all
    select product_code, day, (t ->> 'minBalance')::numeric,
           lead((t ->> 'minBalance')::numeric) over (partition by product_code, day order by (t ->> 'minBalance')::numeric),
           (t ->> 'rate')::numeric
      from pv cross join lateral jsonb_array_elements(pv.credit_tiers) t where jsonb_array_length(pv.credit_tiers) > 0),
  tenor as (
    select product_code, day, (t ->> 'months')::int as months, (t ->> 'rate')::numeric as rate
      from pv cross join lateral jsonb_array_elements(pv.fixed_deposit -> 'tenors') t where pv.fixed_deposit is not null),
  debit as (select product_code, day, debit_rate as rate from pv where coalesce(debit_rate, 0) > 0),
  credit_products as (
    select product_code from flat where rate > 0 group by product_code
    union select product_code from tenor where rate > 0 group by product_code)`;

/** Products whose terms in force on `date` post interest today (monthly at a month end, quarterly at a quarter end). */
export const postingProductsOn = (date: string, monthEnd: boolean, quarterEnd: boolean): SQL => sql`(
  select p.code from products p
   cross join lateral (select posting_frequency from product_versions v where v.product_code = p.code
                        and v.effective_from <= ${date}::date order by v.effective_from desc limit 1) v
   where (${monthEnd} and v.posting_frequency = 'monthly') or (${quarterEnd} and v.posting_frequency = 'quarterly'))`;

/** The fee terms in force on `date` per product. */
export const feeTermsOn = (date: string): SQL => sql`(
  select p.code as product_code, p.fee_income_gl, v.monthly_fee, v.below_minimum_fee, v.min_operating_balance, v.dormancy_days
    from products p
   cross join lateral (select * from product_versions v where v.product_code = p.code
                        and v.effective_from <= ${date}::date order by v.effective_from desc limit 1) v)`;

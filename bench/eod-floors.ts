// The floor of each end-of-day step: one bare SQL statement doing the same arithmetic over the same
// rows, without journals, balances, idempotency rows or progress (sums force every row's arithmetic).
import { sql, type SQL } from 'drizzle-orm';
import type { EodStep } from '@bankmanager/contracts';
import type { Database } from '../server/src/db/client.ts';
import { ratesCtes } from '../server/src/modules/eod/rates.ts';

const statements = (d: string): Partial<Record<EodStep, SQL>> => ({
  credit_accrual: sql`with ${ratesCtes(d, d)}
    select sum(round(greatest(a.balance, 0) * coalesce(tr.rate, fr.rate, 0) / 36500, 10)), count(*)
      from accounts a join days x on true
      left join tenor tr on tr.product_code = a.product_code and tr.day = x.day and tr.months = a.tenor_months
      left join flat fr on fr.product_code = a.product_code and fr.day = x.day
                       and greatest(a.balance, 0) >= fr.min_bal and (fr.max_bal is null or greatest(a.balance, 0) < fr.max_bal)
     where a.status in ('Active', 'Dormant', 'Blocked') and a.product_code in (select product_code from credit_products)`,
  overdraft_accrual: sql`with ${ratesCtes(d, d)}
    select sum(round(-a.balance * r.rate / 36500, 10)) from accounts a join debit r on r.product_code = a.product_code
     where a.overdrawn_since is not null and a.balance < 0`,
  interest_posting: sql`select sum(gross), sum(round(gross * 0.15, 2)), sum(gross - round(gross * 0.15, 2)), count(*)
      from interest_postings where business_date = ${d}::date`,
  fees: sql`select sum(amount), count(*) from eod_fee_charges where business_date = ${d}::date`,
  dormancy: sql`select count(*) from accounts a left join account_activity x on x.account_id = a.id
     where a.status = 'Active' and greatest(x.last_customer_activity, x.reactivated_on, a.opened_on) <= ${d}::date - 365`,
  gl_snapshot: sql`select gl_code, currency, sum(balance) from gl_balances() group by gl_code, currency`,
  advance_date: sql`select next_working_day(${d}::date)`,
});

/** Milliseconds of each step's floor on business date `d` (run after the day's run, on its data). */
export async function floors(db: Database, d: string): Promise<Partial<Record<EodStep, number>>> {
  const out: Partial<Record<EodStep, number>> = {};
  for (const [step, q] of Object.entries(statements(d)) as [EodStep, SQL][]) {
    const t = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('jit', 'off', true)`);
      await tx.execute(q);
    });
    out[step] = performance.now() - t;
  }
  return out;
}

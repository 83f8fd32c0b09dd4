// The floor of each end-of-day step: one bare SQL statement doing the same arithmetic over the same
// rows, without journals, balances, idempotency rows or progress (sums force every row's arithmetic).
import { sql, type SQL } from 'drizzle-orm';
import type { EodStep } from '@bankmanager/contracts';
import type { Database } from '../server/src/db/client.ts';
import { ratesCtes } from '../server/src/modules/eod/rates.ts';
import { candidatesSql } from '../server/src/modules/loans/auto-debit.ts';

/** What is unpaid of an instalment (`i`), every part. */
const unpaid = sql`(i.principal_due - i.principal_paid + i.interest_due - i.interest_paid + i.fee_due - i.fee_paid
                    + i.penalty_due - i.penalty_paid)`;

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
  // The loan book: a day's interest on every Active loan's principal; what each loan due can pay from
  // its account (the auto-debit's own candidates); each loan's days past due from its oldest unpaid
  // instalment; the non-performing loans' receivables outside suspense and the late instalments' 2%.
  loan_accrual: sql`select sum(round(-a.balance * l.rate / 36500, 10)), count(*)
      from loans l join accounts a on a.id = l.account_id where l.status = 'Active'`,
  loan_auto_debit: sql`select sum(c.collect::numeric), count(*)
      from (${candidatesSql({ businessDate: d, cursor: 0, limit: 100_000_000 })}) c`,
  loan_classification: sql`select count(*), sum(coalesce(${d}::date - x.oldest, 0))
      from loans l left join lateral (select min(i.due_date) as oldest from loan_instalments i
                                       where i.loan_id = l.id and i.due_date <= ${d}::date and ${unpaid} > 0) x on true
     where l.status = 'Active'`,
  loan_suspense: sql`select (select sum(interest_receivable - interest_in_suspense) from loans
                              where status = 'Active' and loan_class in ('substandard', 'doubtful', 'loss')),
                            (select sum(round(${unpaid} * 0.02, 2)) from loan_instalments i join loans l on l.id = i.loan_id
                              where l.status = 'Active' and i.due_date < ${d}::date and ${unpaid} > 0)`,
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

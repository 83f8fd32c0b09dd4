import { sql } from 'drizzle-orm';
import { toCents, type Currency } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { postEntry, type EntryLine } from '../ledger/index.ts';
import type { LoanBookChunk, LoanBookChunkArgs } from './types.ts';

interface Delta extends Record<string, unknown> {
  currency: Currency;
  dr: string;
  cr: string;
  delta: string;
  last_id: string;
  first_id: string;
  n: number;
}

/**
 * One chunk of the nightly loan interest accrual (ADR 0053), set-based: for each Active loan after the
 * cursor whose accrual is behind `through`, every day from the day after its last accrued day (the
 * disbursement date at first) to `through` earns principal outstanding × rate / 365, unrounded to 10
 * decimals, into the schedule period the day falls in. A period ends on its instalment's due date:
 * the period's booked accrual then becomes exactly the instalment's interest (the true-up absorbs the
 * cent rounding and the difference between the schedule's periodic rate and actual/365), and the next
 * period starts at 0. Booked = the period's accrual rounded to the cent; the change in booked goes
 * to `loans.interest_receivable` and to the GL (Dr the product's interest receivable, Cr its interest
 * income; sides swap for a net decrease), one entry per currency for the chunk.
 *
 * Only performing classes (Current, OLEM) accrue; the others move their accrued day on without
 * booking (their interest in suspense is not built yet). Idempotent per day: `accrued_through`
 * moves in the same statement, so a rerun or a resumed run books nothing twice.
 */
export async function accrueLoanChunk(tx: Database, a: LoanBookChunkArgs): Promise<LoanBookChunk> {
  const T = a.through;
  const rows = await queryRows<Delta>(
    tx,
    sql`with cand as (
      select l.id, l.currency, l.product_code, l.branch_code, l.rate, l.interest_receivable as recv,
             greatest(-acc.balance, 0) as principal,
             coalesce(s.accrued_through, l.disbursement_date) as from_excl,
             coalesce(s.period_accrued, 0) as acc, coalesce(s.period_booked, 0) as booked,
             coalesce(k.performing, false) as performing,
             p.interest_receivable_gl as dr, p.interest_income_gl as cr
        from loans l
        join accounts acc on acc.id = l.account_id
        join loan_products p on p.code = l.product_code
        left join loan_classes k on k.code = l.loan_class
        left join loan_accruals s on s.loan_id = l.id
       where l.id > ${a.cursor} and l.status = 'Active'
         and coalesce(s.accrued_through, l.disbursement_date) < ${T}::date
       order by l.id limit ${a.limit}),
    closes as (
      select c.id, max(i.due_date) as last_due, sum(i.interest_due) as interest
        from cand c join loan_instalments i on i.loan_id = c.id
       where i.due_date > c.from_excl and i.due_date <= ${T}::date
       group by c.id),
    days as (
      select c.id, d.day::date as day, round(c.principal * c.rate / 36500, 10) as amt
        from cand c cross join lateral generate_series(c.from_excl + 1, ${T}::date, interval '1 day') as d(day)
       where c.performing),
    sums as (
      select c.id,
             coalesce(sum(dd.amt) filter (where x.last_due is null or dd.day > x.last_due), 0) as after_close,
             coalesce(sum(dd.amt) filter (where dd.day <= x.last_due), 0) as before_close
        from cand c left join closes x on x.id = c.id left join days dd on dd.id = c.id
       group by c.id),
    calc0 as (
      select c.*, x.last_due, coalesce(x.interest, 0) as closing,
             case when x.last_due is null then c.acc else 0 end + s.after_close as new_acc,
             case when x.last_due is null or not c.performing then 0
                  else coalesce(x.interest, 0) - round(c.acc + s.before_close, 2) end as true_up
        from cand c join sums s on s.id = c.id left join closes x on x.id = c.id),
    calc1 as (
      select c.*, round(c.new_acc, 2) as new_booked,
             case when c.performing then c.closing + round(c.new_acc, 2) - c.booked else 0 end as raw_delta
        from calc0 c),
    calc as (
      -- Never below zero: a repayment may already have taken part of the receivable.
      select c.*, greatest(c.raw_delta, -c.recv) as delta from calc1 c),
    up as (
      insert into loan_accruals as s (loan_id, accrued_through, period_accrued, period_booked, total_booked)
      select id, ${T}::date, new_acc, new_booked, delta from calc
      on conflict (loan_id) do update
        set accrued_through = excluded.accrued_through, period_accrued = excluded.period_accrued,
            period_booked = excluded.period_booked, total_booked = s.total_booked + excluded.total_booked
      returning 1),
    lu as (
      update loans l set interest_receivable = l.interest_receivable + c.delta
        from calc c where l.id = c.id and c.delta <> 0
      returning 1),
    daily as (
      insert into loan_accrual_daily as d (business_date, product_code, branch_code, currency, booked, true_up, loans)
      select ${a.businessDate}::date, product_code, branch_code, currency, sum(delta), sum(true_up),
             count(*) filter (where performing)
        from calc group by product_code, branch_code, currency
      on conflict (business_date, product_code, branch_code, currency) do update
        set booked = d.booked + excluded.booked, true_up = d.true_up + excluded.true_up, loans = d.loans + excluded.loans
      returning 1)
    select currency, dr, cr, sum(delta)::text as delta, max(id)::text as last_id, min(id)::text as first_id,
           (select count(*) from calc)::int as n
      from calc group by currency, dr, cr`,
  );
  if (rows.length === 0) return { lastId: null, done: 0 };
  const lastId = Math.max(...rows.map((r) => Number(r.last_id)));
  const firstId = Math.min(...rows.map((r) => Number(r.first_id)));
  for (const currency of [...new Set(rows.map((r) => r.currency))]) {
    const lines: EntryLine[] = [];
    for (const r of rows.filter((x) => x.currency === currency)) {
      const cents = toCents(r.delta);
      if (cents === 0n) continue;
      const amount = r.delta.replace(/^-/, '');
      const up = cents > 0n;
      lines.push({ glCode: up ? r.dr : r.cr, currency, side: 'debit', amount });
      lines.push({ glCode: up ? r.cr : r.dr, currency, side: 'credit', amount });
    }
    if (lines.length === 0) continue;
    await postEntry(tx, {
      source: 'end_of_day',
      narration: `Loan interest accrued for ${a.businessDate}`,
      // The days covered are in it: the demo seed accrues up to the day before on the same business date.
      reference: `EOD-${a.businessDate}-loan_accrual-${T}-${currency}-${firstId}`,
      lines,
      actor: a.actor,
      audit: {
        action: 'eod.loan_accrual',
        targetType: 'eod_run',
        targetId: String(a.runId),
        details: { businessDate: a.businessDate, through: T, loans: [firstId, lastId] },
      },
    });
    // postEntry leaves the balance check immediate: the next entry of this transaction starts deferred.
    await tx.execute(sql`set constraints journal_entries_balanced deferred`);
  }
  return { lastId, done: Number(rows[0]!.n) };
}

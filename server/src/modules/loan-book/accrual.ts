import { sql } from 'drizzle-orm';
import { LOAN_SUSPENSE_GL, toCents, type Currency } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { addNet, postNets, type GlNets } from './net-entry.ts';
import type { LoanBookChunk, LoanBookChunkArgs } from './types.ts';

interface Delta extends Record<string, unknown> {
  currency: Currency;
  dr: string;
  cr: string;
  delta: string;
  suspended: string;
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
 * Every class accrues. A non-performing class (Substandard or worse) accrues into suspense, not income
 * (ADR 0064): Dr interest receivable, Cr interest and penalties in suspense (1428), and
 * `loans.interest_in_suspense` moves with it. A decrease (a true-up below what was booked) comes out
 * of suspense first on such a loan; on a performing loan suspense only shrinks so as never to exceed
 * the receivable it holds. Idempotent per day: the loan's `accrued_through` moves in the same row write
 * that books, so a rerun or a resumed run books nothing twice.
 */
export async function accrueLoanChunk(tx: Database, a: LoanBookChunkArgs): Promise<LoanBookChunk> {
  const T = a.through;
  const rows = await queryRows<Delta>(
    tx,
    sql`with cand as (
      select l.id, l.currency, l.product_code, l.branch_code, l.rate, l.interest_receivable as recv,
             l.interest_in_suspense as susp,
             greatest(-acc.balance, 0) as principal,
             coalesce(l.accrued_through, l.disbursement_date) as from_excl,
             l.period_accrued as acc, l.period_booked as booked,
             coalesce(k.performing, false) as performing,
             p.interest_receivable_gl as dr, p.interest_income_gl as cr
        from loans l
        -- Each loan's account by its key: a lookup per loan, kept one by "offset 0" (a chunk of 20,000
        -- was planned as a hash join over a scan of every account once the loans left after the cursor
        -- were few: 300 ms of a 750 ms chunk at 1,000,000 customers).
        cross join lateral (select a.balance from accounts a where a.id = l.account_id offset 0) acc
        join loan_products p on p.code = l.product_code
        left join loan_classes k on k.code = l.loan_class
       where l.id > ${a.cursor} and l.status = 'Active'
         and coalesce(l.accrued_through, l.disbursement_date) < ${T}::date
       order by l.id limit ${a.limit}),
    -- The period that closes in the days covered, if one does: per loan through its own instalments
    -- (the primary key's loan_id), not every instalment of the book. Each day earns the same (the
    -- principal is the chunk's), so a span of days earns the day's amount times its length.
    calc0 as (
      select c.*, x.last_due, coalesce(x.interest, 0) as closing, round(c.principal * c.rate / 36500, 10) as daily
        from cand c cross join lateral (
          select max(i.due_date) as last_due, sum(i.interest_due) as interest from loan_instalments i
           where i.loan_id = c.id and i.due_date > c.from_excl and i.due_date <= ${T}::date) x),
    calc1 as (
      -- The days after the close start the next period; those up to it close this one, trued up.
      select c.*,
             case when c.last_due is null then c.acc else 0 end
               + c.daily * (${T}::date - coalesce(c.last_due, c.from_excl)) as new_acc,
             case when c.last_due is null then 0
                  else c.closing - round(c.acc + c.daily * (c.last_due - c.from_excl), 2) end as true_up
        from calc0 c),
    calc2 as (
      select c.*, round(c.new_acc, 2) as new_booked, c.closing + round(c.new_acc, 2) - c.booked as raw_delta
        from calc1 c),
    calc3 as (
      -- Never below zero: a repayment may already have taken part of the receivable.
      select c.*, greatest(c.raw_delta, -c.recv) as delta from calc2 c),
    calc as (
      -- The part of the change that is suspense's (see above); the rest is income's.
      select c.*, case when not c.performing then greatest(c.delta, -c.susp)
                       else least(0, c.recv + c.delta - c.susp) end as sdelta
        from calc3 c),
    -- One row write a loan: the receivable, the suspense and the accrual state together. The chunk's
    -- key range on loans too, so the update reads the chunk's loans and not the book.
    lu as (
      update loans l set interest_receivable = l.interest_receivable + c.delta,
                         interest_in_suspense = l.interest_in_suspense + c.sdelta,
                         accrued_through = ${T}::date, period_accrued = c.new_acc, period_booked = c.new_booked,
                         interest_accrued_total = l.interest_accrued_total + c.delta
        from calc c where l.id = c.id
         and l.id > ${a.cursor} and l.id <= (select max(id) from cand)
      returning 1),
    daily as (
      insert into loan_accrual_daily as d (business_date, product_code, branch_code, currency, booked, true_up, loans, suspended)
      select ${a.businessDate}::date, product_code, branch_code, currency, sum(delta), sum(true_up), count(*), sum(sdelta)
        from calc group by product_code, branch_code, currency
      on conflict (business_date, product_code, branch_code, currency) do update
        set booked = d.booked + excluded.booked, true_up = d.true_up + excluded.true_up, loans = d.loans + excluded.loans,
            suspended = d.suspended + excluded.suspended
      returning 1)
    select currency, dr, cr, sum(delta)::text as delta, sum(sdelta)::text as suspended, max(id)::text as last_id, min(id)::text as first_id,
           (select count(*) from calc)::int as n
      from calc group by currency, dr, cr`,
  );
  if (rows.length === 0) return { lastId: null, done: 0 };
  const lastId = Math.max(...rows.map((r) => Number(r.last_id)));
  const firstId = Math.min(...rows.map((r) => Number(r.first_id)));
  const byCurrency = new Map<Currency, GlNets>();
  for (const r of rows) {
    const nets = byCurrency.get(r.currency) ?? new Map<string, bigint>();
    byCurrency.set(r.currency, nets);
    const delta = toCents(r.delta);
    const suspended = toCents(r.suspended);
    addNet(nets, r.dr, delta);
    addNet(nets, r.cr, -(delta - suspended));
    addNet(nets, LOAN_SUSPENSE_GL, -suspended);
  }
  for (const [currency, nets] of byCurrency)
    await postNets(tx, currency, nets, {
      source: 'end_of_day',
      narration: `Loan interest accrued for ${a.businessDate}`,
      // The days covered are in it: the demo seed accrues up to the day before on the same business date.
      reference: `EOD-${a.businessDate}-loan_accrual-${T}-${currency}-${firstId}`,
      actor: a.actor,
      audit: {
        action: 'eod.loan_accrual',
        targetType: 'eod_run',
        targetId: String(a.runId),
        details: { businessDate: a.businessDate, through: T, loans: [firstId, lastId] },
      },
    });
  return { lastId, done: Number(rows[0]!.n) };
}

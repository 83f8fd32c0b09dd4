// The floors of the end-of-day steps (ADR 0076).
// - The read floor of each step: one bare SQL statement doing the same arithmetic over the same rows,
//   without journals, balances, idempotency rows or progress (sums force every row's arithmetic).
// - The write floor of each loan step: one bare SQL update doing the same arithmetic and writing the
//   result where the step keeps it, no triggers and no foreign-key checks, rolled back. A step's job is
//   to write; its targets ("within 3× of a bare SQL update doing the same arithmetic") are judged on it.
import { sql, type SQL } from 'drizzle-orm';
import type { EodStep } from '@bankmanager/contracts';
import type { Database } from '../server/src/db/client.ts';
import { ratesCtes } from '../server/src/modules/eod/rates.ts';
import { candidatesSql } from '../server/src/modules/loans/auto-debit.ts';
import { splitCtes } from '../server/src/modules/loans/auto-debit-bulk.ts';
import { inRolledBackTransaction } from './support.ts';

/** What is unpaid of an instalment (`i`) before its penalties: what a late-payment penalty is on. */
const unpaidBeforePenalty = sql`(i.principal_due - i.principal_paid + i.interest_due - i.interest_paid + i.fee_due - i.fee_paid)`;

/** What is unpaid of an instalment (`i`), every part. */
const unpaid = sql`(${unpaidBeforePenalty} + i.penalty_due - i.penalty_paid)`;

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

/** The class of a loan's days past due (`od.dpd`): the first bucket of `loan_classes` that holds it. */
const classOfDpd = sql`left join lateral (select k.code from loan_classes k where od.dpd >= k.min_dpd and (k.max_dpd is null or od.dpd <= k.max_dpd)
                              order by k.position limit 1) k on true`;

/** The classification floors' last statement: the loans whose days past due or class change (`x`). */
const classificationUpdate = sql`update loans l set days_past_due = x.dpd, loan_class = x.cls
        from x where l.id = x.id and (x.days_past_due, x.loan_class) is distinct from (x.dpd, x.cls)`;

/**
 * The write floors, on the state a day's run meets (run before it): the accrual adds each Active
 * loan's day of interest to its receivable and its period's accrual, and moves its accrued-through
 * day; the auto-debit debits each paying account by what its loans collect (the step's own
 * candidates); classification stores each Active loan's day (its days past due and class, ADR 0087)
 * and the figures of the loans whose figures change; suspense charges the late instalments not yet
 * charged and moves the non-performing loans' receivables into suspense. Besides the day rows, each
 * writes only the rows whose figures change, so none is a heavier statement than the step needs.
 */
const writeStatements = (d: string): Partial<Record<EodStep, SQL>> => ({
  loan_accrual: sql`update loans l set interest_receivable = l.interest_receivable + round(-a.balance * l.rate / 36500, 2),
             accrued_through = ${d}::date, period_accrued = l.period_accrued + round(-a.balance * l.rate / 36500, 10)
      from accounts a where a.id = l.account_id and l.status = 'Active' and a.balance < 0`,
  // The step's whole arithmetic (ADR 0083): what each loan collects (its candidates), that amount split
  // over its instalments and parts (the step's own split), and each result where the step keeps it:
  // the paying account debited, the loan account credited with the principal, the instalments' paid
  // parts, the loan's receivables and suspense. No journal, repayment row or audit row.
  loan_auto_debit: sql`with ${splitCtes(
    sql`select c.id, c.collect::numeric as collect
          from (${candidatesSql({ businessDate: d, cursor: 0, limit: 100_000_000 })}) c where c.collect::numeric > 0`,
    d,
  )},
    per as (select loan_id, sum(principal) as principal, sum(interest) as interest, sum(penalty) as penalty
              from inst group by loan_id),
    paid as (
      update loan_instalments i set penalty_paid = i.penalty_paid + x.penalty, fee_paid = i.fee_paid + x.fee,
             interest_paid = i.interest_paid + x.interest, principal_paid = i.principal_paid + x.principal
        from inst x where i.loan_id = x.loan_id and i.instalment_number = x.instalment_number
         and x.penalty + x.fee + x.interest + x.principal > 0
      returning 1),
    moved as (
      update accounts a set balance = a.balance + m.delta
        from (select l.pay_id::bigint as id, -sum(l.collect) as delta from l group by 1
              union all
              select l.loan_account::bigint, per.principal from l join per on per.loan_id = l.id where per.principal > 0) m
       where a.id = m.id
      returning 1)
    update loans x set
        interest_receivable = x.interest_receivable - least(per.interest, x.interest_receivable),
        interest_in_suspense = x.interest_in_suspense - least(per.interest, x.interest_receivable, x.interest_in_suspense),
        penalty_receivable = x.penalty_receivable - least(per.penalty, x.penalty_receivable),
        penalty_in_suspense = x.penalty_in_suspense - least(per.penalty, x.penalty_receivable, x.penalty_in_suspense)
      from per where x.id = per.loan_id and per.interest + per.penalty > 0`,
  // Each loan's day (ADR 0087): its days past due and class stored per loan per day in
  // `loan_daily_status`, the row the step writes for every Active loan, with the figures the step keeps
  // beside them; then the loans whose figures change. Each loan's figures worked out once
  // (materialized): written as subqueries, the planner repeated them for every place the statement's
  // columns and filter named them. The loan's account by its key, as the step reads it.
  loan_classification: sql`with x as materialized (
        select l.id, l.days_past_due, l.loan_class, od.dpd, od.overdue, coalesce(k.code, l.loan_class) as cls,
               greatest(-acc.balance, 0) as principal, l.interest_receivable, l.interest_in_suspense,
               l.penalty_in_suspense, l.provision_held
          from loans l
          cross join lateral (select a.balance from accounts a where a.id = l.account_id offset 0) acc
          cross join lateral (select coalesce(${d}::date - min(i.due_date), 0) as dpd, coalesce(sum(${unpaid}), 0) as overdue
                                from loan_instalments i
                               where i.loan_id = l.id and i.due_date < ${d}::date and ${unpaid} > 0) od
          ${classOfDpd}
         where l.status = 'Active'),
      day as (
        insert into loan_daily_status (business_date, loan_id, dpd, loan_class, principal_outstanding, interest_receivable,
                                       overdue_amount, interest_in_suspense, penalty_in_suspense, provision_held)
        select ${d}::date, id, dpd, cls, principal, interest_receivable, overdue, interest_in_suspense,
               penalty_in_suspense, provision_held from x
        returning 1)
      ${classificationUpdate}`,
  // Each loan's own instalments through the primary key, as the step reads them, not a scan of the book's.
  loan_suspense: sql`with late as materialized (
        select i.loan_id, i.instalment_number,
               round(case v.penalty_kind when 'fixed' then v.penalty_value else ${unpaidBeforePenalty} * v.penalty_value / 100 end, 2) as amount
          from loans l
          join loan_product_versions v on v.product_code = l.product_code and v.version = l.product_version
          cross join lateral (select i.* from loan_instalments i
                               where i.loan_id = l.id and i.due_date + v.penalty_tolerance_days < ${d}::date
                                 and ${unpaidBeforePenalty} > 0
                                 and not exists (select 1 from loan_penalty_charges x
                                                  where x.loan_id = i.loan_id and x.instalment_number = i.instalment_number)) i
         where l.status = 'Active'),
      charged as (
        update loan_instalments i set penalty_due = i.penalty_due + late.amount
          from late where i.loan_id = late.loan_id and i.instalment_number = late.instalment_number
        returning 1)
      update loans l set interest_in_suspense = l.interest_receivable, penalty_in_suspense = l.penalty_receivable
        from loan_classes k
       where k.code = l.loan_class and not k.performing and l.status = 'Active'
         and (l.interest_receivable > l.interest_in_suspense or l.penalty_receivable > l.penalty_in_suspense)`,
});

/**
 * The classification's first write floor (ADR 0076), printed beside the one it is judged on (ADR
 * 0087): only the loans whose days past due or class change, no day row.
 */
const classificationLoansOnly = (d: string) => sql`with x as materialized (
        select l.id, l.days_past_due, l.loan_class, od.dpd, coalesce(k.code, l.loan_class) as cls
          from loans l
          cross join lateral (select coalesce(${d}::date - min(i.due_date), 0) as dpd from loan_instalments i
                               where i.loan_id = l.id and i.due_date < ${d}::date and ${unpaid} > 0) od
          ${classOfDpd}
         where l.status = 'Active')
      ${classificationUpdate}`;

/**
 * The auto-debit's first write floor (ADR 0076), printed beside the one it is judged on: only the
 * paying accounts debited, without the split over instalments or the loans' own columns.
 */
const debitOnly = (d: string) => sql`update accounts a set balance = a.balance - x.collect
      from (select c.account_id::bigint as id, sum(c.collect::numeric) as collect
              from (${candidatesSql({ businessDate: d, cursor: 0, limit: 100_000_000 })}) c
             where c.collect::numeric > 0 group by 1) x
     where a.id = x.id`;

/** Milliseconds of one bare statement, rolled back: no trigger and no foreign-key check fires. */
const bare = (db: Database, q: SQL) =>
  inRolledBackTransaction(db, async (tx) => {
    // A superuser's setting; the bench's cluster user is one.
    await tx.execute(sql`set local session_replication_role = replica`);
    const t = performance.now();
    await tx.execute(q);
    return performance.now() - t;
  });

/**
 * The auto-debit's two floors on business date `d`, interleaved `runs` times (milliseconds of each
 * run): the write floor it is judged on (ADR 0083) and the debit-only floor (ADR 0076).
 */
export async function autoDebitFloorRuns(
  db: Database,
  d: string,
  runs: number,
): Promise<{ write: number[]; debitOnly: number[] }> {
  const out = { write: [] as number[], debitOnly: [] as number[] };
  for (let r = 0; r < runs; r++) {
    out.write.push(await bare(db, writeStatements(d).loan_auto_debit!));
    out.debitOnly.push(await bare(db, debitOnly(d)));
  }
  return out;
}

/**
 * Milliseconds of each loan step's write floor on business date `d` (run before the day's run, each
 * the lesser of two runs), of the auto-debit's debit-only floor and of the classification's
 * loans-only floor.
 */
export async function writeFloors(
  db: Database,
  d: string,
): Promise<{
  floors: Partial<Record<EodStep, number>>;
  autoDebitDebitOnly: number;
  classificationLoansOnly: number;
}> {
  // Each twice, the lesser kept: measured once, before the day's run, a floor paid for reading its
  // rows into the cache (a third more for the auto-debit's at 1M), and the step after it did not.
  const warm = async (q: SQL) => Math.min(await bare(db, q), await bare(db, q));
  const floors: Partial<Record<EodStep, number>> = {};
  for (const [step, q] of Object.entries(writeStatements(d)) as [EodStep, SQL][])
    floors[step] = await warm(q);
  return {
    floors,
    autoDebitDebitOnly: await warm(debitOnly(d)),
    classificationLoansOnly: await warm(classificationLoansOnly(d)),
  };
}

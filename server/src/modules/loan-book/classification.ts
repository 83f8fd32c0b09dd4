import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { writeAudit } from '../audit/index.ts';
import { applyGradeHolds } from './grade-holds.ts';
import type { LoanBookChunk, LoanBookChunkArgs } from './types.ts';

interface Move extends Record<string, unknown> {
  old_class: string;
  new_class: string;
  n: number;
  last_id: string;
  total: number;
}

/**
 * One chunk of days past due and classification (ADR 0053), set-based. Days past due on the business
 * date D = D − the due date of the oldest instalment due before D and not paid in full (all four
 * parts), 0 when none; the overdue amount is what is unpaid of every instalment due before D. The
 * class is the `loan_classes` bucket whose day range holds it (the worst class should the buckets
 * leave a gap). Each loan's day is stored in `loan_daily_status` (each chunk first drops the date's
 * rows past its cursor, so a rerun of the date writes them afresh with the same figures) and its
 * class and days on `loans`; one audit row per chunk counts the moves.
 */
export async function classifyLoanChunk(tx: Database, a: LoanBookChunkArgs): Promise<LoanBookChunk> {
  const D = a.businessDate;
  // The day's rows are the book at its close. A row written earlier on the same date (the demo seeds
  // today's; a rerun; a run resumed after a failure) for a loan that left the book since (settled,
  // written off) would otherwise stay, and every report of the date would count a principal the
  // general ledger no longer holds. The chunks before this one wrote the rows up to the cursor, so
  // past it the date holds no row of this run's: the insert below is then a plain insert (an upsert
  // probed the key of every row first; ADR 0078), and usually this finds nothing.
  await tx.execute(
    sql`delete from loan_daily_status where business_date = ${D}::date and loan_id > ${a.cursor}`,
  );
  const rows = await queryRows<Move>(
    tx,
    sql`with cand as (
      select l.id, l.loan_class as old_class, greatest(-acc.balance, 0) as principal, l.interest_receivable,
             l.interest_in_suspense, l.penalty_in_suspense, l.provision_held
        from loans l
        -- Each loan's account by its key, kept a lookup by "offset 0": planned as a join, the chunks
        -- near the end of the book read every account (a hash join over a scan of the accounts).
        cross join lateral (select a.balance from accounts a where a.id = l.account_id offset 0) acc
       where l.id > ${a.cursor} and l.status = 'Active'
       order by l.id limit ${a.limit}),
    -- Per loan through its own instalments (the primary key's loan_id), so a chunk reads its loans'
    -- schedules only, whatever the size of the book and however fresh the planner's statistics.
    calc as (
      select c.*, coalesce(${D}::date - od.oldest, 0) as dpd, coalesce(od.overdue, 0) as overdue
        from cand c cross join lateral (
          select min(i.due_date) as oldest,
                 sum(i.principal_due + i.interest_due + i.fee_due + i.penalty_due
                     - i.principal_paid - i.interest_paid - i.fee_paid - i.penalty_paid) as overdue
            from loan_instalments i
           where i.loan_id = c.id and i.due_date < ${D}::date
             and i.principal_paid + i.interest_paid + i.fee_paid + i.penalty_paid
                 < i.principal_due + i.interest_due + i.fee_due + i.penalty_due) od),
    cls as (
      select calc.*, coalesce(k.code, (select code from loan_classes order by position desc limit 1)) as new_class
        from calc left join lateral (
          select code from loan_classes k
           where calc.dpd >= k.min_dpd and (k.max_dpd is null or calc.dpd <= k.max_dpd)
           order by k.position limit 1) k on true),
    -- The day's row, with the suspense and provision held beside the principal for Loan Reports
    -- (ADR 0066); a later move on the same date reaches it through the loans_reserves_snapshot trigger.
    snap as (
      insert into loan_daily_status
        (business_date, loan_id, dpd, loan_class, principal_outstanding, interest_receivable, overdue_amount,
         interest_in_suspense, penalty_in_suspense, provision_held)
      select ${D}::date, id, dpd, new_class, principal, interest_receivable, overdue,
             interest_in_suspense, penalty_in_suspense, provision_held from cls
      returning 1),
    -- The chunk's key range on loans too, so the update reads the chunk's loans and not the book.
    upd as (
      update loans l set loan_class = c.new_class, days_past_due = c.dpd
        from cls c where l.id = c.id and (l.loan_class <> c.new_class or l.days_past_due <> c.dpd)
         and l.id > ${a.cursor} and l.id <= (select max(id) from cand)
      returning 1)
    select old_class, new_class, count(*)::int as n, max(id)::text as last_id,
           (select count(*) from cls)::int as total
      from cls group by old_class, new_class`,
  );
  if (rows.length === 0) return { lastId: null, done: 0 };
  const lastId = Math.max(...rows.map((r) => Number(r.last_id)));
  // Manual grades and restructurings hold a loan at a floor until cured (grade-holds.ts, ADR 0067).
  await applyGradeHolds(tx, a, lastId);
  const moves = rows
    .filter((r) => r.old_class !== r.new_class)
    .map((r) => ({ from: r.old_class, to: r.new_class, loans: r.n }));
  if (moves.length > 0)
    await writeAudit(tx, {
      action: 'eod.loan_classification',
      outcome: 'success',
      actorId: a.actor.id,
      actorEmail: a.actor.email,
      targetType: 'eod_run',
      targetId: String(a.runId),
      details: { businessDate: D, moves },
    });
  return { lastId, done: rows[0]!.total };
}

import { sql } from 'drizzle-orm';
import { RESTRUCTURED_FLOOR } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { writeAudit } from '../audit/index.ts';
import type { LoanBookChunkArgs } from './types.ts';

interface Held extends Record<string, unknown> {
  id: number;
  cured: boolean;
  cured_payments: number;
  manual_class: string | null;
  restructured: boolean;
  raised_from: string | null;
  raised_to: string | null;
}

/**
 * The grade holds of one classification chunk (ADR 0067), after the days-past-due class is set:
 * for the loans in (cursor, lastId] held by a manual grade or a restructuring,
 *
 * 1. counts the instalments due since the last business date counted, up to D: each paid in full
 *    (paid by its due date, as end of day runs on it) adds one to `cured_payments`; one not paid in
 *    full resets it, so only those after the last missed one count;
 * 2. at the cure count (`loan_grading_settings`) the hold ends: the manual grade and the restructured
 *    flag are cleared, each with its audit row;
 * 3. a loan still held is never graded better than its floor (the manual grade; Substandard when
 *    restructured): its class on the loan and in the day's `loan_daily_status` is raised to it.
 *
 * Set-based and idempotent per date: `counted_through` moves to D in the same statement, so a rerun
 * of D counts nothing twice and raises to the same floor.
 */
export async function applyGradeHolds(tx: Database, a: LoanBookChunkArgs, lastId: number): Promise<void> {
  const D = a.businessDate;
  const rows = await queryRows<Held>(
    tx,
    sql`with held as (
      select l.id, l.loan_class, l.manual_class, l.restructured, l.cured_payments, w.counted_through
        from loans l join loan_cure_watch w on w.loan_id = l.id
       where l.id > ${a.cursor} and l.id <= ${lastId} and l.status = 'Active'
         and (l.manual_class is not null or l.restructured)
       for update of l, w),
    due as (
      select h.id, max(i.due_date) filter (where not i.full) as missed,
             count(*) filter (where i.full) as paid_all
        from held h
        join lateral (
          select x.due_date, x.principal_paid + x.interest_paid + x.fee_paid + x.penalty_paid
                   >= x.principal_due + x.interest_due + x.fee_due + x.penalty_due as full
            from loan_instalments x
           where x.loan_id = h.id and x.due_date > h.counted_through and x.due_date <= ${D}::date) i on true
       group by h.id),
    after_miss as (
      select d.id, d.missed,
             (select count(*) from loan_instalments x
               where x.loan_id = d.id and x.due_date > d.missed and x.due_date <= ${D}::date
                 and x.principal_paid + x.interest_paid + x.fee_paid + x.penalty_paid
                     >= x.principal_due + x.interest_due + x.fee_due + x.penalty_due) as paid_after,
             d.paid_all
        from due d),
    counted as (
      select h.*, case when m.id is null then h.cured_payments
                       when m.missed is null then h.cured_payments + m.paid_all::int
                       else m.paid_after::int end as new_count
        from held h left join after_miss m on m.id = h.id),
    judged as (
      select c.*, c.new_count >= (select cure_payments from loan_grading_settings) as cured,
             greatest(coalesce(mk.position, -1),
                      case when c.restructured then (select position from loan_classes where code = ${RESTRUCTURED_FLOOR})
                           else -1 end) as floor_pos,
             ck.position as class_pos
        from counted c
        left join loan_classes mk on mk.code = c.manual_class
        left join loan_classes ck on ck.code = c.loan_class),
    watch as (
      update loan_cure_watch w set counted_through = ${D}::date
        from judged j where w.loan_id = j.id and not j.cured and w.counted_through < ${D}::date
      returning 1),
    unwatch as (
      delete from loan_cure_watch w using judged j where w.loan_id = j.id and j.cured returning 1),
    raised as (
      select j.id, j.loan_class as raised_from, k.code as raised_to
        from judged j join loan_classes k on k.position = j.floor_pos
       where not j.cured and j.floor_pos > coalesce(j.class_pos, -1)),
    upd as (
      update loans l
         set cured_payments = case when j.cured then 0 else j.new_count end,
             manual_class = case when j.cured then null else l.manual_class end,
             restructured = case when j.cured then false else l.restructured end,
             loan_class = coalesce(r.raised_to, l.loan_class)
        from judged j left join raised r on r.id = j.id
       where l.id = j.id
      returning 1),
    day as (
      update loan_daily_status s set loan_class = r.raised_to
        from raised r where s.loan_id = r.id and s.business_date = ${D}::date
      returning 1)
    select j.id, j.cured, j.new_count as cured_payments, j.manual_class, j.restructured,
           r.raised_from, r.raised_to
      from judged j left join raised r on r.id = j.id
     where j.cured or r.id is not null`,
  );
  const actor = { actorId: a.actor.id, actorEmail: a.actor.email };
  for (const r of rows.filter((x) => x.cured))
    await writeAudit(tx, {
      action: 'loan.grade_cured',
      outcome: 'success',
      ...actor,
      targetType: 'loan',
      targetId: String(r.id),
      details: {
        businessDate: D,
        runId: a.runId,
        curedPayments: r.cured_payments,
        manualClass: r.manual_class,
        restructured: r.restructured,
      },
    });
  const raised = rows.filter((x) => x.raised_to !== null);
  if (raised.length > 0)
    await writeAudit(tx, {
      action: 'eod.loan_grade_hold',
      outcome: 'success',
      ...actor,
      targetType: 'eod_run',
      targetId: String(a.runId),
      details: {
        businessDate: D,
        raised: raised.map((r) => ({ loanId: r.id, from: r.raised_from, to: r.raised_to })),
      },
    });
}

import { sql } from 'drizzle-orm';
import { LOAN_GRADING_TEXT as G, LOAN_TEXT_DISBURSE, type LoanClass } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { approvalActor, approvedBy, stillPendingSql, type ApprovalActor } from '../approvals/index.ts';
import { writeAudit } from '../audit/index.ts';

export interface GradedLoan extends Record<string, unknown> {
  id: number;
  branch: string;
  status: string;
  loan_class: LoanClass;
  manual_class: LoanClass | null;
  restructured: boolean;
  cured_payments: number;
  /** Changes whenever the loan's grade, terms or repayments do: an approval made on older facts fails. */
  version: string;
  customer: string;
}

/**
 * The loan a manual grade or a restructuring is asked or approved for, its row locked when asked
 * (`lock`), so a request and its approval see one state. 404 when there is none.
 */
export async function gradedLoan(tx: Database, id: number, lock = false): Promise<GradedLoan> {
  const [l] = await queryRows<GradedLoan>(
    tx,
    sql`select l.id, l.branch_code as branch, l.status, l.loan_class, l.manual_class, l.restructured,
               l.cured_payments, c.name as customer,
               concat_ws('|', l.status, l.loan_class, l.manual_class, l.restructured, l.rate, l.term,
                         l.written_off_principal,
                         (select count(*) from loan_repayments r where r.loan_id = l.id),
                         (select count(*) from loan_restructurings x where x.loan_id = l.id)) as version
          from loans l join customers c on c.cust_id = l.cust_id
         where l.id = ${id} ${lock ? sql`for update of l` : sql``}`,
  );
  if (!l) throw notFound(LOAN_TEXT_DISBURSE.notFound);
  return l;
}

/** 409 unless the loan is Active and not written off (a grade or a new schedule means nothing else). */
export function assertGradable(l: GradedLoan): void {
  if (l.status !== 'Active') throw conflict(G.notActive, { code: 'loan_not_active', status: l.status });
}

/** 409 while a manual grade or a restructuring of the loan waits for its checker: one at a time. */
export async function assertNoPendingGrading(tx: Database, id: number): Promise<void> {
  const [p] = await queryRows<{ id: string }>(
    tx,
    sql`select q.id::text from approval_requests q
         where q.subject_type = 'loan' and q.subject_id = ${String(id)}
           and q.type in ('loan.downgrade', 'loan.restructure') and ${stillPendingSql(sql.raw('q'))}
         limit 1`,
  );
  if (p) throw conflict(G.pending, { code: 'pending_approval', approvalId: p.id });
}

/**
 * Starts (or restarts) the cure of a held loan: nothing counted yet, counting from the business date
 * (instalments due after it). Called when a manual grade or a restructuring is approved.
 */
export async function startCureWatch(tx: Database, loanId: number): Promise<void> {
  await tx.execute(sql`update loans set cured_payments = 0 where id = ${loanId}`);
  await tx.execute(
    sql`insert into loan_cure_watch (loan_id, since, counted_through)
        values (${loanId}, current_business_date(), current_business_date())
        on conflict (loan_id) do update set since = excluded.since, counted_through = excluded.counted_through`,
  );
}

/** What an approval hands the command it runs. */
export interface Approved {
  approvalId: string;
  maker: ApprovalActor;
  checker: ApprovalActor;
}

/**
 * The audit row of an approved grading command, in the approval's transaction: the maker acts (from
 * the checker's address) and the checker is named in the details.
 */
export async function auditApproved(
  tx: Database,
  a: Approved,
  row: { action: string; targetType: string; targetId: string; details: Record<string, unknown> },
): Promise<void> {
  const actor = approvalActor(a.maker, a.checker);
  await writeAudit(tx, {
    action: row.action,
    outcome: 'success',
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
    targetType: row.targetType,
    targetId: row.targetId,
    details: { ...approvedBy(a.approvalId, a.checker), ...row.details },
  });
}

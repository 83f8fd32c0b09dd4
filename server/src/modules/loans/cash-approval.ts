import { sql } from 'drizzle-orm';
import { LOAN_TEXT_DISBURSE as T } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import { approvedBy, type ApprovalActor } from '../approvals/index.ts';
import { writeAudit } from '../audit/index.ts';
import { approvedTerms } from './open-loan.ts';

/**
 * A checker approved a cash disbursement (ADR 0070): the approval is kept (a newer one replaces it)
 * for a teller to pay out; the application stays Approved and nothing is posted. The checks that
 * can be made now are made now, so the teller is not the first to find a closed repayment account.
 */
export async function approveForCash(
  tx: Database,
  c: {
    applicationId: number;
    firstDueDate: string | null;
    approvalId: string;
    maker: ApprovalActor;
    checker: ApprovalActor;
  },
): Promise<void> {
  const { a } = await approvedTerms(tx, c.applicationId);
  if (!a.repayment_ok) throw conflict(T.repaymentAccount, { code: 'repayment_account' });
  if (c.firstDueDate && c.firstDueDate <= (await currentBusinessDate(tx)))
    throw badRequest('Invalid request', [{ path: '/firstDueDate', message: T.firstDue }]);
  await tx.execute(sql`insert into loan_cash_disbursements (application_id, approval_id, first_due_date, approved_by,
                         approved_by_email)
    values (${c.applicationId}, ${c.approvalId}::uuid, ${c.firstDueDate}::date, ${c.checker.id}::uuid, ${c.checker.email})
    on conflict (application_id) do update set approval_id = excluded.approval_id,
      first_due_date = excluded.first_due_date, approved_by = excluded.approved_by,
      approved_by_email = excluded.approved_by_email, approved_at = now()`);
  await writeAudit(tx, {
    action: 'loan.cash_disbursement_approved',
    outcome: 'success',
    actorId: c.maker.id,
    actorEmail: c.maker.email,
    ip: c.checker.ip,
    targetType: 'loan_application',
    targetId: String(c.applicationId),
    details: { ...approvedBy(c.approvalId, c.checker), firstDueDate: c.firstDueDate },
  });
}

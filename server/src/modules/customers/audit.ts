import type { Database } from '../../db/client.ts';
import { writeAudit } from '../audit/index.ts';
import type { ApprovalActor } from '../approvals/index.ts';

/**
 * The audit row of a change to a customer, in the caller's transaction. For a four-eyes change the
 * actor is the maker and `details` names the checker (approvedBy), as the approvals engine expects.
 */
export function auditCustomer(
  tx: Database,
  actor: ApprovalActor,
  action: string,
  custId: number,
  details: Record<string, unknown>,
): Promise<void> {
  return writeAudit(tx, {
    action,
    outcome: 'success',
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
    targetType: 'customer',
    targetId: String(custId),
    details,
  });
}

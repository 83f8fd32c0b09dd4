import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { requestIp, writeAudit } from '../audit/index.ts';
import { currentUser } from '../auth/index.ts';
import type { ApprovalActor } from '../approvals/index.ts';

export const actorOf = (req: FastifyRequest): ApprovalActor => {
  const u = currentUser(req);
  return { id: u.userId, email: u.email, ip: requestIp(req) };
};

/**
 * The audit row of a change to an account, in the caller's transaction. For a four-eyes change the
 * actor is the maker and `details` names the checker (approvedBy), as the approvals engine expects.
 */
export function auditAccount(
  tx: Database,
  actor: ApprovalActor,
  action: string,
  accountNumber: string,
  details: Record<string, unknown>,
): Promise<void> {
  return writeAudit(tx, {
    action,
    outcome: 'success',
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
    targetType: 'account',
    targetId: accountNumber,
    details,
  });
}

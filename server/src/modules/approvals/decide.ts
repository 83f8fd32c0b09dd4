import { eq, sql, type SQL } from 'drizzle-orm';
import {
  ACCESS_APPROVAL_TYPES,
  APPROVAL_POLICIES,
  APPROVAL_TEXT,
  PERMISSION_TEXT,
  approvalInBranchScope,
  holds,
  type ApprovalType,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { queryRows } from '../../db/rows.ts';
import { approvalRequests } from '../../db/schema/roles.ts';
import { HttpError, conflict, notFound } from '../../lib/http-error.ts';
import { writeAudit } from '../audit/index.ts';
import { expireOverdue } from './expiry.ts';
import { withinLimit } from './maker-limit.ts';
import type { ApprovalActor, Approvals } from './registry.ts';

export interface Checker extends ApprovalActor {
  isSuperuser: boolean;
  permissions: readonly string[];
  /** Without `branches.all`, the only branch whose requests this checker sees and decides. */
  homeBranch: string | null;
  /** PROMOTER_COOLING_OFF_DAYS from the config: see promotedBySql. */
  coolingOffDays: number;
}

export type Decision = 'approve' | 'reject' | 'withdraw';
type Row = typeof approvalRequests.$inferSelect;

/**
 * Whether this checker may decide this request (permission, branch scope and approval limit; never
 * the maker). A request of another branch, or a bank-wide one, needs `branches.all`.
 */
export async function mayDecide(
  db: Database,
  approvals: Approvals,
  checker: Pick<Checker, 'id' | 'isSuperuser' | 'permissions' | 'homeBranch' | 'coolingOffDays'>,
  row: Pick<Row, 'makerId' | 'type' | 'branch' | 'amount' | 'currency'> & { subjectId?: string },
): Promise<string | undefined> {
  if (row.makerId === checker.id) return APPROVAL_TEXT.ownRequest;
  const policy = APPROVAL_POLICIES[row.type as ApprovalType];
  if (!policy || !holds(checker, policy.approvePermission)) return 'forbidden';
  if (!approvalInBranchScope(checker, row)) return PERMISSION_TEXT.otherBranch;
  if (policy.checker === 'superuser' && !checker.isSuperuser) return APPROVAL_TEXT.superuserOnly;
  if (ACCESS_APPROVAL_TYPES.includes(row.type as ApprovalType) && row.subjectId === checker.id)
    return APPROVAL_TEXT.subjectOfChange;
  if (row.amount !== null && row.currency !== null) {
    const limits = await approvals.limits.limitsOf(db, checker.id);
    if (!withinLimit(limits, row.currency, 'maxApproval', row.amount)) return APPROVAL_TEXT.overLimit;
  }
  if (await promoted(db, checker.id, row.makerId, checker.coolingOffDays))
    return APPROVAL_TEXT.promotedByYou(checker.coolingOffDays);
  return undefined;
}

/**
 * SQL: true when, within the cooling-off period, the checker asked for or approved a grant of roles
 * or superuser rights to the maker, or the maker did so for the checker (approved access requests name
 * the promoted person as subject). Either way the two are not independent: a promoter could approve
 * the requests of an accomplice they promoted, or the accomplice those of the promoter.
 */
export const promotedBySql = (checkerId: string, makerIdSql: SQL, days: number): SQL => {
  const types = sql.join(
    ACCESS_APPROVAL_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  return sql`exists (select 1 from approval_requests p
               where p.type in (${types})
                 and p.status = 'approved'
                 and p.decided_at > now() - make_interval(days => ${days}::int)
                 and ((p.subject_id = ${makerIdSql}::text and (p.maker_id = ${checkerId} or p.decided_by = ${checkerId}))
                   or (p.subject_id = ${checkerId}::text and (p.maker_id = ${makerIdSql} or p.decided_by = ${makerIdSql}))))`;
};

async function promoted(db: Database, checkerId: string, makerId: string, days: number): Promise<boolean> {
  const [r] = await queryRows<{ yes: boolean }>(
    db,
    sql`select ${promotedBySql(checkerId, sql`${makerId}`, days)} as yes`,
  );
  return r?.yes ?? false;
}

/**
 * Approves, rejects or withdraws one request. The row is locked first, so of two checkers deciding
 * at once exactly one finds it pending; the other gets 409. Approval runs the command in the same
 * transaction. A refusal is audited as denied after the rollback.
 */
export async function decide(
  db: Database,
  approvals: Approvals,
  id: string,
  decision: Decision,
  who: Checker,
  reason: string | null,
): Promise<Row> {
  try {
    return await db.transaction((tx) => decideInTransaction(tx, approvals, id, decision, who, reason));
  } catch (err) {
    if (err instanceof HttpError && (err.statusCode === 403 || err.statusCode === 409)) {
      await writeAudit(db, {
        action: `approval.${decision}`,
        outcome: 'denied',
        actorId: who.id,
        actorEmail: who.email,
        ip: who.ip,
        targetType: 'approval',
        targetId: id,
        details: { reason: err.message },
      });
    }
    throw err;
  }
}

async function decideInTransaction(
  tx: Database,
  approvals: Approvals,
  id: string,
  decision: Decision,
  who: Checker,
  reason: string | null,
): Promise<Row> {
  const [row] = await tx.select().from(approvalRequests).where(eq(approvalRequests.id, id)).for('update');
  if (!row) throw notFound(APPROVAL_TEXT.notFound);
  if (row.status === 'pending' && row.businessDate < (await currentBusinessDate(tx))) {
    await expireOverdue(tx, id);
    throw conflict(APPROVAL_TEXT.notPending('expired'), { status: 'expired' });
  }
  if (row.status !== 'pending') throw conflict(APPROVAL_TEXT.notPending(row.status), { status: row.status });

  if (decision === 'withdraw') {
    if (row.makerId !== who.id) throw new HttpError(403, APPROVAL_TEXT.notMaker);
  } else {
    const refusal = await mayDecide(tx, approvals, who, row);
    if (refusal === APPROVAL_TEXT.ownRequest) throw conflict(refusal, { code: 'own_request' });
    if (refusal === 'forbidden') {
      const permission = APPROVAL_POLICIES[row.type as ApprovalType]?.approvePermission ?? 'unknown';
      throw new HttpError(403, `You don't have the permission "${permission}" needed for this.`, {
        permission,
      });
    }
    if (refusal === PERMISSION_TEXT.otherBranch)
      throw new HttpError(403, refusal, { permission: 'branches.all' });
    if (refusal === APPROVAL_TEXT.overLimit) throw new HttpError(403, refusal, { code: 'over_limit' });
    if (refusal === APPROVAL_TEXT.subjectOfChange) throw new HttpError(403, refusal, { code: 'own_access' });
    if (refusal === APPROVAL_TEXT.superuserOnly)
      throw new HttpError(403, refusal, { permission: 'superuser', code: 'superuser_only' });
    if (refusal) throw new HttpError(403, refusal, { code: 'promoted_by_checker' });
  }

  const maker = { id: row.makerId, email: row.makerEmail, ip: null };
  if (decision === 'approve') {
    const command = approvals.command(row.type);
    if (!command) throw conflict(`No command is registered for requests of type ${row.type}.`);
    const version = await command.currentVersion(tx, row.subjectId);
    if (row.subjectVersion !== null && version !== row.subjectVersion)
      throw conflict(APPROVAL_TEXT.subjectChanged, { code: 'subject_changed' });
    await command.execute(tx, row.command, { approvalId: id, maker, checker: who });
  } else {
    const outcome = decision === 'reject' ? 'rejected' : 'withdrawn';
    await approvals
      .command(row.type)
      ?.onEnded?.(tx, row.command, { approvalId: id, outcome, by: who, reason });
  }

  const status = ({ approve: 'approved', reject: 'rejected', withdraw: 'withdrawn' } as const)[decision];
  const [updated] = await tx
    .update(approvalRequests)
    .set({ status, decidedBy: who.id, decidedByEmail: who.email, decidedAt: new Date(), reason })
    .where(eq(approvalRequests.id, id))
    .returning();
  await writeAudit(tx, {
    action: `approval.${decision}`,
    outcome: 'success',
    actorId: who.id,
    actorEmail: who.email,
    ip: who.ip,
    targetType: 'approval',
    targetId: id,
    details: { type: row.type, subjectId: row.subjectId, maker: row.makerEmail, amount: row.amount, reason },
  });
  return updated!;
}

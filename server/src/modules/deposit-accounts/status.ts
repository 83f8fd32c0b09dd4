import { sql } from 'drizzle-orm';
import { ACCOUNT_ACTIONS, accountActionsFrom, type AccountAction } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { stillPendingSql, type ApprovalActor } from '../approvals/index.ts';
import { refuse, type AccountFacts } from './account-row.ts';
import { auditAccount } from './audit.ts';
import { noteReactivation } from '../eod/index.ts';

export interface StatusCommand {
  accountNumber: string;
  action: AccountAction;
  reason: string;
  payoutAccount?: string;
}

/** 409 transition_not_allowed unless contracts' table allows `action` from the account's status now. */
export function assertTransition(a: AccountFacts, action: AccountAction, businessDate: string): void {
  if (!accountActionsFrom(a.status, a.blockKind, { openedOn: a.openedOn, businessDate }).includes(action))
    throw refuse('transition_not_allowed', { status: a.status, action });
}

/** Holds in force and other pending requests on the account: either stops a close (asked and approved). */
export async function assertClosable(tx: Database, a: AccountFacts, exceptApproval?: string): Promise<void> {
  if (Number(a.held) > 0) throw refuse('account_has_holds');
  const [p] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from approval_requests where subject_type = 'account' and subject_id = ${a.accountNumber}
          and ${stillPendingSql()} ${exceptApproval ? sql`and id <> ${exceptApproval}::uuid` : sql``}`,
  );
  if (Number(p!.n) > 0) throw refuse('account_has_pending_approvals');
}

/**
 * Moves the account to the action's status with its audit row, in the caller's transaction. A block
 * sets its kind; every other status clears it (the table's check says Blocked ⇔ a kind).
 */
export async function applyStatus(
  tx: Database,
  a: AccountFacts,
  action: AccountAction,
  reason: string,
  actor: ApprovalActor,
  approval?: { approvalId: string; checker: ApprovalActor },
  extra: Record<string, unknown> = {},
): Promise<void> {
  const to = ACCOUNT_ACTIONS[action].to;
  const kind = action === 'block_debit' ? 'debit' : action === 'block_total' ? 'total' : null;
  await tx.execute(
    sql`update accounts set status = ${to}, block_kind = ${kind},
          closed_on = ${to === 'Closed' ? sql`current_business_date()` : sql`closed_on`}
        where id = ${a.id}`,
  );
  // Dormancy counts again from a reactivation (end of day's dormancy marking).
  if (action === 'reactivate') await noteReactivation(tx, a.id);
  await auditAccount(tx, actor, 'account.status', a.accountNumber, {
    action,
    from: a.status,
    to,
    blockKind: kind,
    reason,
    ...extra,
    ...(approval ? { approvalId: approval.approvalId, approvedBy: approval.checker.email } : {}),
  });
}

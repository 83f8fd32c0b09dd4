import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { writeAudit } from '../audit/index.ts';
import { type Approvals, type ApprovalActor } from '../approvals/index.ts';
import { reopenAfterRejectedCount, signOffClose } from './close-session.ts';
import { refuse } from './refusals.ts';
import { executeVaultTransfer } from './vault-transfers.ts';

const statusOf = async (tx: Database, table: 'teller_transactions' | 'till_vault_transfers', id: string) => {
  const rows = await queryRows<{ status: string }>(
    tx,
    table === 'teller_transactions'
      ? sql`select status from teller_transactions where id::text = ${id}`
      : sql`select status from till_vault_transfers where id::text = ${id}`,
  );
  return rows[0]?.status ?? null;
};

const audit = (tx: Database, actor: ApprovalActor, action: string, target: string, details: object) =>
  writeAudit(tx, {
    action,
    outcome: 'success',
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
    targetType: 'teller_transaction',
    targetId: target,
    details: details as Record<string, unknown>,
  });

/** Moves a withdrawal on from `pending_approval`; refused when another decision got there first. */
async function decideWithdrawal(tx: Database, id: string, to: 'approved' | 'rejected') {
  const moved = await queryRows<{ id: string }>(
    tx,
    sql`update teller_transactions set status = ${to} where id::text = ${id} and status = 'pending_approval' returning id`,
  );
  if (moved.length === 0) throw refuse('already_decided');
}

/**
 * The teller's four-eyes commands (docs/teller.md): a withdrawal over the teller's limit (approval lets the
 * teller pay; no money moves here), a vault transfer (posts), and a count with a difference (posts the
 * shortage or overage and closes the till). Rejection ends each without moving money.
 */
export function registerTellerCommands(approvals: Approvals): void {
  approvals.register({
    type: 'teller.withdrawal',
    currentVersion: (tx, id) => statusOf(tx, 'teller_transactions', id),
    execute: async (tx, command, ctx) => {
      const { transactionId } = command as { transactionId: string };
      await decideWithdrawal(tx, transactionId, 'approved');
      await audit(tx, ctx.maker, 'teller.withdrawal_approved', transactionId, {
        approvalId: ctx.approvalId,
        approvedBy: ctx.checker.email,
      });
    },
    onEnded: async (tx, command, ctx) => {
      const { transactionId } = command as { transactionId: string };
      await decideWithdrawal(tx, transactionId, 'rejected');
      await audit(tx, ctx.by, 'teller.withdrawal_refused', transactionId, {
        approvalId: ctx.approvalId,
        outcome: ctx.outcome,
        reason: ctx.reason,
      });
    },
  });

  approvals.register({
    type: 'teller.vault',
    currentVersion: (tx, id) => statusOf(tx, 'till_vault_transfers', id),
    execute: (tx, command, ctx) =>
      executeVaultTransfer(tx, (command as { transferId: string }).transferId, ctx),
    onEnded: async (tx, command, ctx) => {
      const { transferId } = command as { transferId: string };
      await tx.execute(sql`update till_vault_transfers set status = 'rejected'
                           where id = ${transferId} and status = 'pending_approval'`);
      await writeAudit(tx, {
        action: 'teller.vault_transfer_refused',
        outcome: 'success',
        actorId: ctx.by.id,
        actorEmail: ctx.by.email,
        ip: ctx.by.ip,
        targetType: 'till_vault_transfer',
        targetId: transferId,
        details: { approvalId: ctx.approvalId, outcome: ctx.outcome, reason: ctx.reason },
      });
    },
  });

  approvals.register({
    type: 'teller.close',
    currentVersion: async (tx, id) => {
      const [r] = await queryRows<{ v: string | null }>(
        tx,
        sql`select status || ':' || coalesce(close_reference, '') as v from till_sessions where id::text = ${id}`,
      );
      return r?.v ?? null;
    },
    execute: (tx, command, ctx) => signOffClose(tx, (command as { sessionId: string }).sessionId, ctx),
    onEnded: (tx, command, ctx) =>
      reopenAfterRejectedCount(
        tx,
        (command as { sessionId: string }).sessionId,
        ctx.by,
        ctx.outcome,
        ctx.reason,
      ),
  });
}

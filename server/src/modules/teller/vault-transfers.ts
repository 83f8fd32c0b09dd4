import { sql } from 'drizzle-orm';
import type { VaultTransferRequest } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { notFound } from '../../lib/http-error.ts';
import { fromCents, postEntry, toCents } from '../ledger/index.ts';
import { requestApproval, type ApprovalActor } from '../approvals/index.ts';
import type { Teller } from './caller.ts';
import { assertCount } from './open-session.ts';
import { asRefusal, refuse } from './refusals.ts';
import { loadSession } from './session-repository.ts';
import { lockedVaultBalance, tellerCashGl, vaultGl } from './vault.ts';

interface TransferRow extends Record<string, unknown> {
  id: string;
  session_id: string;
  direction: 'buy' | 'sell';
  amount: string;
  status: string;
  approval_id: string | null;
  reference: string;
}

const byReference = async (db: Database, reference: string) =>
  (
    await queryRows<TransferRow>(
      db,
      sql`select id, session_id, direction, amount::text as amount, status, approval_id, reference
          from till_vault_transfers where reference = ${reference}`,
    )
  )[0] ?? null;

/** The same reference again: the first request if it asked for the same thing, else a conflict. */
async function replay(db: Database, sessionId: string, r: VaultTransferRequest) {
  const t = await byReference(db, r.reference);
  if (!t) return null;
  if (
    t.session_id !== sessionId ||
    t.direction !== r.direction ||
    toCents(t.amount) !== toCents(r.count.total)
  )
    throw refuse('reference_conflict');
  return { approvalId: t.approval_id!, transferId: t.id };
}

/**
 * A till buys cash from (buy) or sells cash to (sell) its vault, counted by denomination. Always a
 * `teller.vault` request for a supervisor (202); nothing moves until it is approved.
 */
export async function requestVaultTransfer(
  db: Database,
  teller: Teller,
  sessionId: string,
  r: VaultTransferRequest,
  assertBranch: (b: string) => void,
): Promise<{ approvalId: string; transferId: string }> {
  const earlier = await replay(db, sessionId, r);
  if (earlier) return earlier;
  try {
    return await db.transaction(async (tx) => {
      const s = await loadSession(tx, sessionId, true);
      if (!s || s.tellerId !== teller.id) throw notFound('No till session of yours with this id.');
      assertBranch(s.branch);
      if (s.status !== 'open') throw refuse('till_closed', { status: s.status });
      assertCount(s.currency, r.count, 'count');
      const amount = fromCents(toCents(r.count.total));
      if (r.direction === 'sell' && toCents(amount) > toCents(s.balance)) throw refuse('till_cash_short');
      if (
        r.direction === 'buy' &&
        toCents(amount) > toCents(await lockedVaultBalance(tx, s.branch, s.currency))
      )
        throw refuse('vault_short');
      const [t] = await queryRows<{ id: string }>(
        tx,
        sql`insert into till_vault_transfers (reference, session_id, direction, currency, amount, denominations)
            values (${r.reference}, ${s.id}, ${r.direction}, ${s.currency}, ${amount}::numeric,
                    ${JSON.stringify(r.count.denominations)}::jsonb)
            returning id`,
      );
      const approvalId = await requestApproval(tx, {
        type: 'teller.vault',
        subjectType: 'till_vault_transfer',
        subjectId: t!.id,
        command: { transferId: t!.id },
        after: { till: s.tillCode, direction: r.direction, amount, denominations: r.count.denominations },
        maker: teller,
        branch: s.branch,
        amount,
        currency: s.currency,
        subjectVersion: 'pending_approval',
      });
      await tx.execute(sql`update till_vault_transfers set approval_id = ${approvalId} where id = ${t!.id}`);
      return { approvalId, transferId: t!.id };
    });
  } catch (err) {
    if (violatedConstraint(err) === 'till_vault_transfers_reference_unique') {
      const winner = await replay(db, sessionId, r);
      if (winner) return winner;
    }
    throw asRefusal(err);
  }
}

/**
 * The approved transfer: buy is Dr teller cash (the session) / Cr vault, sell the other way. The till
 * must still be open, the vault must hold what a till buys, and a till cannot sell what it lacks
 * (the database checks that one).
 */
export async function executeVaultTransfer(
  tx: Database,
  transferId: string,
  ctx: { approvalId: string; maker: ApprovalActor; checker: ApprovalActor },
): Promise<void> {
  const [t] = await queryRows<TransferRow>(
    tx,
    sql`select id, session_id, direction, amount::text as amount, status, approval_id, reference
        from till_vault_transfers where id = ${transferId} for update`,
  );
  if (!t || t.status !== 'pending_approval') throw refuse('already_decided');
  const s = await loadSession(tx, t.session_id, true);
  if (!s || s.status !== 'open') throw refuse('till_closed');
  if (
    t.direction === 'buy' &&
    toCents(t.amount) > toCents(await lockedVaultBalance(tx, s.branch, s.currency))
  )
    throw refuse('vault_short');
  const buy = t.direction === 'buy';
  try {
    const e = await postEntry(tx, {
      source: 'teller',
      narration: `Till ${s.tillCode} ${buy ? 'bought cash from' : 'sold cash to'} the vault`,
      reference: `TLV-${t.reference}`,
      actor: ctx.maker,
      lines: [
        {
          glCode: tellerCashGl(s.branch),
          currency: s.currency,
          side: buy ? 'debit' : 'credit',
          amount: t.amount,
          tillSessionId: s.id,
        },
        { glCode: vaultGl(s.branch), currency: s.currency, side: buy ? 'credit' : 'debit', amount: t.amount },
      ],
      audit: {
        action: 'teller.vault_transfer',
        targetType: 'till_session',
        targetId: s.id,
        details: {
          transferId,
          direction: t.direction,
          approvalId: ctx.approvalId,
          approvedBy: ctx.checker.email,
        },
      },
    });
    await tx.execute(
      sql`update till_vault_transfers set status = 'posted', entry_id = ${e.id} where id = ${transferId}`,
    );
  } catch (err) {
    throw asRefusal(err);
  }
}

import { sql } from 'drizzle-orm';
import type { SessionClose } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../lib/http-error.ts';
import { writeAudit } from '../audit/index.ts';
import { fromCents, postEntry, toCents, type EntryLine } from '../ledger/index.ts';
import { requestApproval, type ApprovalActor } from '../approvals/index.ts';
import type { Teller } from './caller.ts';
import { assertCount } from './open-session.ts';
import { asRefusal, refuse } from './refusals.ts';
import { loadSession, type SessionFacts } from './session-repository.ts';
import { tellerCashGl, vaultGl } from './vault.ts';

/** The chart's cash shortage and overage account (docs/ledger.md). */
export const SHORTAGE_GL = '5020';

interface Counted {
  expected: string;
  counted: string;
}

/**
 * Empties the till in one entry: the counted cash goes back to the vault (Dr 1010-<branch>), the till
 * is credited what it should have held (Cr 1020-<branch>, naming the session), and the difference goes
 * to 5020 Cash shortage and overage (a shortage is a debit, an overage a credit). Its balance is then
 * zero, which a closed session must be (a check constraint).
 */
async function postClosing(
  tx: Database,
  s: SessionFacts,
  c: Counted,
  actor: ApprovalActor,
  reference: string,
  details: Record<string, unknown>,
): Promise<number | null> {
  const expected = toCents(c.expected);
  const counted = toCents(c.counted);
  const diff = counted - expected;
  const lines: EntryLine[] = [];
  const cur = s.currency;
  if (counted > 0n)
    lines.push({ glCode: vaultGl(s.branch), currency: cur, side: 'debit', amount: fromCents(counted) });
  if (diff < 0n) lines.push({ glCode: SHORTAGE_GL, currency: cur, side: 'debit', amount: fromCents(-diff) });
  if (expected > 0n)
    lines.push({
      glCode: tellerCashGl(s.branch),
      currency: cur,
      side: 'credit',
      amount: fromCents(expected),
      tillSessionId: s.id,
    });
  if (diff > 0n) lines.push({ glCode: SHORTAGE_GL, currency: cur, side: 'credit', amount: fromCents(diff) });
  if (lines.length === 0) return null;
  const what = diff < 0n ? 'shortage' : diff > 0n ? 'overage' : 'balanced';
  const e = await postEntry(tx, {
    source: 'teller',
    narration: `Till ${s.tillCode} closed (${what}): cash returned to the vault`,
    reference: `TLC-${reference}`,
    actor,
    lines,
    audit: { action: 'teller.session_close', targetType: 'till_session', targetId: s.id, details },
  });
  return e.id;
}

async function markClosed(tx: Database, id: string, entryId: number | null, signedOffBy: string | null) {
  await tx.execute(sql`update till_sessions set status = 'closed', closed_at = now(), close_entry_id = ${entryId},
                       signed_off_by = ${signedOffBy} where id = ${id}`);
}

/**
 * Closes the teller's session with a blind count. No difference: the cash goes back to the vault and
 * the session is closed (200). A difference: the session waits in `closing` (no more postings) for a
 * supervisor's `teller.close` sign-off (202), which posts the shortage or overage and closes it.
 */
export async function closeSession(
  db: Database,
  teller: Teller,
  id: string,
  r: SessionClose,
  assertBranch: (b: string) => void,
): Promise<{ status: 200 | 202; approvalId: string | null }> {
  try {
    return await db.transaction(async (tx) => {
      const s = await loadSession(tx, id, true);
      if (!s || s.tellerId !== teller.id) throw notFound('No till session of yours with this id.');
      assertBranch(s.branch);
      if (s.closeReference === r.reference) return replayOf(tx, id);
      if (s.status !== 'open') throw refuse('till_closed', { status: s.status });
      assertCount(s.currency, r.count, 'count');
      const counted = fromCents(toCents(r.count.total));
      const expected = s.balance;
      await tx.execute(sql`update till_sessions set status = 'closing', expected = ${expected}::numeric,
                           counted = ${counted}::numeric, counted_denominations = ${JSON.stringify(r.count.denominations)}::jsonb,
                           close_reference = ${r.reference} where id = ${id}`);
      const details = { expected, counted, denominations: r.count.denominations, till: s.tillCode };
      const diff = toCents(counted) - toCents(expected);
      if (diff === 0n) {
        const entryId = await postClosing(tx, s, { expected, counted }, teller, r.reference, details);
        if (entryId === null) await auditClose(tx, teller, id, details);
        await markClosed(tx, id, entryId, null);
        return { status: 200 as const, approvalId: null };
      }
      const approvalId = await requestApproval(tx, {
        type: 'teller.close',
        subjectType: 'till_session',
        subjectId: id,
        command: { sessionId: id },
        after: { till: s.tillCode, expected, counted, difference: fromCents(diff) },
        maker: teller,
        branch: s.branch,
        amount: fromCents(diff < 0n ? -diff : diff),
        currency: s.currency,
        subjectVersion: `closing:${r.reference}`,
      });
      await tx.execute(sql`update till_sessions set close_approval_id = ${approvalId} where id = ${id}`);
      await writeAudit(tx, {
        action: 'teller.session_count',
        outcome: 'success',
        actorId: teller.id,
        actorEmail: teller.email,
        ip: teller.ip,
        targetType: 'till_session',
        targetId: id,
        details: { ...details, difference: fromCents(diff), approvalId },
      });
      return { status: 202 as const, approvalId };
    });
  } catch (err) {
    throw asRefusal(err);
  }
}

async function replayOf(tx: Database, id: string) {
  const [r] = await queryRows<{ status: string; close_approval_id: string | null }>(
    tx,
    sql`select status, close_approval_id from till_sessions where id = ${id}`,
  );
  return r!.status === 'closing'
    ? { status: 202 as const, approvalId: r!.close_approval_id }
    : { status: 200 as const, approvalId: r!.close_approval_id };
}

const auditClose = (tx: Database, actor: ApprovalActor, id: string, details: Record<string, unknown>) =>
  writeAudit(tx, {
    action: 'teller.session_close',
    outcome: 'success',
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
    targetType: 'till_session',
    targetId: id,
    details,
  });

/** The `teller.close` approval: the supervisor signs the difference off; it posts and the till closes. */
export async function signOffClose(
  tx: Database,
  sessionId: string,
  ctx: { approvalId: string; maker: ApprovalActor; checker: ApprovalActor },
): Promise<void> {
  const s = await loadSession(tx, sessionId, true);
  if (!s || s.status !== 'closing') throw refuse('already_decided');
  const [c] = await queryRows<{ expected: string; counted: string; close_reference: string }>(
    tx,
    sql`select expected::text as expected, counted::text as counted, close_reference from till_sessions where id = ${sessionId}`,
  );
  const details = { ...c, approvalId: ctx.approvalId, signedOffBy: ctx.checker.email };
  const entryId = await postClosing(tx, s, c!, ctx.maker, c!.close_reference, details);
  if (entryId === null) await auditClose(tx, ctx.maker, sessionId, details);
  await markClosed(tx, sessionId, entryId, ctx.checker.email);
}

/** A rejected (or withdrawn) count: the session opens again, and the teller counts again. */
export async function reopenAfterRejectedCount(
  tx: Database,
  sessionId: string,
  by: ApprovalActor,
  outcome: string,
  reason: string | null,
): Promise<void> {
  await tx.execute(sql`update till_sessions set status = 'open', expected = null, counted = null,
                       counted_denominations = null, close_reference = null, close_approval_id = null
                       where id = ${sessionId} and status = 'closing'`);
  await writeAudit(tx, {
    action: 'teller.session_recount',
    outcome: 'success',
    actorId: by.id,
    actorEmail: by.email,
    ip: by.ip,
    targetType: 'till_session',
    targetId: sessionId,
    details: { outcome, reason },
  });
}

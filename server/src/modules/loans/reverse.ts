import { sql } from 'drizzle-orm';
import {
  LOAN_REPAYMENT_TEXT as T,
  undoAllocation,
  type InstalmentAllocation,
  type InstalmentState,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict } from '../../lib/http-error.ts';
import { writeAudit } from '../audit/index.ts';
import { instalmentsOf } from './rows.ts';
import { assertNotBeforeRestructuring } from './restructure-guard.ts';
import { insertInstalments, writeSchedule } from './schedule-writes.ts';
import { suspenseUpdate } from './suspense-collection.ts';
import { restoreProvisionRelease, undoRecovery } from './written-off.ts';

interface RepaymentFacts extends Record<string, unknown> {
  id: string;
  loan_id: number;
  reference: string;
  interest_receivable: string;
  interest_from_suspense: string;
  penalty_receivable: string;
  penalty_from_suspense: string;
  allocations: InstalmentAllocation[];
  replaced: InstalmentState[] | null;
  status: string;
  newest: string;
}

/**
 * The repayment a journal entry posted, if it is one, with its loan's status and the loan's newest
 * repayment not yet reversed. `lock` takes the loan's row first: repayments and their reversals of
 * one loan take turns.
 */
async function repaymentOfEntry(
  tx: Database,
  entryId: number,
  lock: boolean,
): Promise<RepaymentFacts | null> {
  if (lock)
    await tx.execute(
      sql`select l.id from loans l join loan_repayments r on r.loan_id = l.id where r.entry_id = ${entryId}
          for update of l`,
    );
  const [r] = await queryRows<RepaymentFacts>(
    tx,
    sql`select r.id::text, r.loan_id, r.reference, r.interest_receivable::text, r.interest_from_suspense::text,
          r.penalty_receivable::text, r.penalty_from_suspense::text, r.allocations, r.replaced, l.status,
          (select max(x.id)::text from loan_repayments x where x.loan_id = r.loan_id and x.reversal_entry_id is null)
            as newest
        from loan_repayments r join loans l on l.id = r.loan_id where r.entry_id = ${entryId}`,
  );
  return r ?? null;
}

/**
 * Whether a journal entry may be reversed as far as loans are concerned: not a loan repayment, or
 * the loan's newest repayment not yet reversed. Newest first, because each repayment was split on
 * the schedule the earlier ones left (and a prepayment or settlement rewrote the rows after it):
 * undoing them in the opposite order is what makes the undo exact. 409 `not_newest_repayment`.
 */
export async function assertRepaymentReversible(tx: Database, entryId: number): Promise<void> {
  const r = await repaymentOfEntry(tx, entryId, false);
  if (!r) return;
  if (r.newest !== r.id)
    throw conflict(T.notNewestRepayment, { code: 'not_newest_repayment', repaymentId: Number(r.id) });
  await assertNotBeforeRestructuring(tx, r.loan_id, r.id);
}

/**
 * Undoes the allocation of the repayment an entry posted, once its reversing entry `reversalEntryId`
 * has posted (same transaction): the rows a prepayment or settlement replaced put back, the
 * allocated amounts off the paid columns, the interest and penalty receivable collected and the
 * suspense released restored (ADR 0064), a loan the
 * repayment closed reopened, the repayment marked with its reversal, and the loan's audit row.
 * Nothing for an entry that is not a loan repayment.
 */
export async function undoRepayment(
  tx: Database,
  entryId: number,
  reversalEntryId: number,
  actor: { id: string; email: string; ip?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  // A recovery on a written-off loan (written-off.ts) is income only: marking it reversed is all.
  if (await undoRecovery(tx, entryId, reversalEntryId, actor)) return;
  const r = await repaymentOfEntry(tx, entryId, true);
  if (!r) return;
  if (r.newest !== r.id)
    throw conflict(T.notNewestRepayment, { code: 'not_newest_repayment', repaymentId: Number(r.id) });
  await assertNotBeforeRestructuring(tx, r.loan_id, r.id);
  const reopened = r.status === 'Closed';
  // The database refuses schedule changes on a loan that is not Active: reopen it first.
  if (reopened)
    await tx.execute(sql`update loans set status = 'Active', closed_on = null where id = ${r.loan_id}`);
  const now = await instalmentsOf(tx, r.loan_id);
  // The rows a prepayment or settlement replaced are kept as they were before it: they go back as
  // recorded. The allocation is taken off the other rows (a prepayment replaced only rows it had not
  // paid; a settlement's rows were recorded before it paid them).
  const back = new Map((r.replaced ?? []).map((i) => [i.instalmentNumber, i]));
  const missing = (r.replaced ?? []).filter(
    (i) => !now.some((n) => n.instalmentNumber === i.instalmentNumber),
  );
  const rest = undoAllocation(
    now.filter((i) => !back.has(i.instalmentNumber)),
    r.allocations.filter((a) => !back.has(a.instalmentNumber)),
  );
  const undone = [...rest, ...back.values()].sort((a, b) => a.instalmentNumber - b.instalmentNumber);
  // Rows a shorter plan dropped come back first (with their paid columns), then every change.
  await insertInstalments(
    tx,
    r.loan_id,
    undone.filter((i) => missing.some((m) => m.instalmentNumber === i.instalmentNumber)),
  );
  await writeSchedule(
    tx,
    r.loan_id,
    now,
    undone.filter((i) => now.some((n) => n.instalmentNumber === i.instalmentNumber)),
  );
  // The receivables and suspense it took go back: the reversing entry restored their GL lines.
  await tx.execute(sql`update loans set interest_receivable = interest_receivable + ${r.interest_receivable}::numeric,
                         ${suspenseUpdate(
                           {
                             interestReceivable: r.interest_receivable,
                             interestFromSuspense: r.interest_from_suspense,
                             penaltyReceivable: r.penalty_receivable,
                             penaltyFromSuspense: r.penalty_from_suspense,
                           },
                           1,
                         )}
                       where id = ${r.loan_id}`);
  await restoreProvisionRelease(tx, entryId);
  await tx.execute(
    sql`update loan_repayments set reversal_entry_id = ${reversalEntryId} where id = ${r.id}::bigint`,
  );
  await writeAudit(tx, {
    action: 'loan.repayment_reversed',
    outcome: 'success',
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip ?? null,
    targetType: 'loan',
    targetId: String(r.loan_id),
    details: {
      repaymentId: Number(r.id),
      reference: r.reference,
      entryId,
      reversalEntryId,
      reopened,
      ...actor.details,
    },
  });
}

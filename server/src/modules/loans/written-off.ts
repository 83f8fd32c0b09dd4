import { sql } from 'drizzle-orm';
import {
  LOAN_LOSS_GL,
  LOAN_REPAYMENT_TEXT,
  PROVISION_TEXT as T,
  fromCents,
  toCents,
  type LoanRepayment,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict } from '../../lib/http-error.ts';
import { writeAudit } from '../audit/index.ts';
import { postEntryOnce, type EntryLine, type EntryInput } from '../ledger/index.ts';

/**
 * Money received on a written-off loan (ADR 0065): whatever the channel, it is a recovery, Cr 4050
 * recoveries income, never principal. The loan keeps its written-off figures; the recoveries are
 * capped at the principal written off. A reversal of the recovery's entry marks it reversed.
 */

interface RecoveryRow extends Record<string, unknown> {
  id: string;
  loan_id: number;
  reference: string;
  channel: string;
  amount: string;
  entry_id: string;
  value_date: string;
}

const asRepayment = (r: RecoveryRow): LoanRepayment => ({
  id: Number(r.id),
  loanId: r.loan_id,
  reference: r.reference,
  channel: r.channel as LoanRepayment['channel'],
  amount: r.amount,
  principal: '0.00',
  interest: '0.00',
  interestReceivable: '0.00',
  fee: '0.00',
  penalty: '0.00',
  prepayment: '0.00',
  overpayment: 'refuse',
  allocations: [],
  entryId: Number(r.entry_id),
  valueDate: r.value_date,
  loanStatus: 'Written off',
  outstanding: '0.00',
  recovery: r.amount,
});

const recoveryColumns = sql`id::text, loan_id, reference, channel, amount::text, entry_id::text, value_date::text`;

export interface RecoveryInput {
  loanId: number;
  accountNumber: string;
  currency: string;
  reference: string;
  channel: LoanRepayment['channel'];
  amount: string;
  settle: boolean;
  /** The paying side: a customer account or the teller's till GL line. */
  debit: EntryLine;
  source: EntryInput['source'];
  actor: { id: string | null; email: string; ip?: string | null };
  today: string;
}

/** Posts a recovery (or answers a retry of one with the first); 201 with the entry, 200 on a replay. */
export async function recoverWrittenOff(
  tx: Database,
  r: RecoveryInput,
): Promise<{ status: 200 | 201; repayment: LoanRepayment; entryId: number; replayed: boolean }> {
  const [earlier] = await queryRows<RecoveryRow>(
    tx,
    sql`select ${recoveryColumns} from loan_recoveries where reference = ${r.reference}`,
  );
  if (earlier) {
    if (
      earlier.loan_id !== r.loanId ||
      earlier.channel !== r.channel ||
      toCents(earlier.amount) !== toCents(r.amount)
    )
      throw conflict(LOAN_REPAYMENT_TEXT.referenceConflict(r.reference), { code: 'reference_conflict' });
    return {
      status: 200,
      repayment: asRepayment(earlier),
      entryId: Number(earlier.entry_id),
      replayed: true,
    };
  }
  if (r.settle) throw conflict(LOAN_REPAYMENT_TEXT.notActive, { code: 'loan_not_active' });
  const [left] = await queryRows<{ left: string }>(
    tx,
    sql`select (l.written_off_principal - coalesce((select sum(amount) from loan_recoveries x
                 where x.loan_id = l.id and x.reversal_entry_id is null), 0))::text as left
          from loans l where l.id = ${r.loanId}`,
  );
  if (toCents(r.amount) > toCents(left!.left))
    throw conflict(T.recoveryOver(left!.left), { code: 'overpayment', atMost: left!.left });
  const posted = await postEntryOnce(tx, {
    source: r.source,
    reference: `LNR-${r.reference}`,
    narration: `Recovery on written-off loan ${r.accountNumber}`,
    lines: [
      r.debit,
      { glCode: LOAN_LOSS_GL.recoveries, currency: r.currency as 'SLE', side: 'credit', amount: r.amount },
    ],
    actor: r.actor,
    audit: {
      action: 'loan.recovery',
      targetType: 'loan',
      targetId: String(r.loanId),
      details: { channel: r.channel, reference: r.reference, amount: r.amount },
    },
  });
  const [row] = await queryRows<RecoveryRow>(
    tx,
    sql`insert into loan_recoveries (loan_id, reference, channel, amount, entry_id, value_date, actor_id, actor_email)
        values (${r.loanId}, ${r.reference}, ${r.channel}, ${r.amount}::numeric, ${posted.entryId}, ${r.today}::date,
                ${r.actor.id}::uuid, ${r.actor.email})
        returning ${recoveryColumns}`,
  );
  return { status: 201, repayment: asRepayment(row!), entryId: posted.entryId, replayed: false };
}

/**
 * Marks the recovery an entry posted as reversed, once the reversing entry has posted (the ledger's
 * reversal already took the income back). False when the entry is not a recovery.
 */
export async function undoRecovery(
  tx: Database,
  entryId: number,
  reversalEntryId: number,
  actor: { id: string; email: string; ip?: string | null },
): Promise<boolean> {
  const [r] = await queryRows<{ id: string; loan_id: number; reference: string }>(
    tx,
    sql`update loan_recoveries set reversal_entry_id = ${reversalEntryId}
         where entry_id = ${entryId} and reversal_entry_id is null
         returning id::text, loan_id, reference`,
  );
  if (!r) return false;
  await writeAudit(tx, {
    action: 'loan.recovery_reversed',
    outcome: 'success',
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip ?? null,
    targetType: 'loan',
    targetId: String(r.loan_id),
    details: { recoveryId: Number(r.id), reference: r.reference, entryId, reversalEntryId },
  });
  return true;
}

/**
 * A loan's provision held never exceeds its principal: a repayment that brings the principal below
 * it releases the excess in its own journal (Dr 1490, Cr 5040). The lines to add, and what to record
 * once the entry has posted.
 */
export async function provisionRelease(
  tx: Database,
  loanId: number,
  currency: string,
  principalRepaid: bigint,
): Promise<{ lines: EntryLine[]; record: (entryId: number) => Promise<void> }> {
  const [l] = await queryRows<{ held: string; principal: string }>(
    tx,
    sql`select l.provision_held::text as held, greatest(-a.balance, 0)::text as principal
          from loans l join accounts a on a.id = l.account_id where l.id = ${loanId}`,
  );
  const excess = toCents(l!.held) - (toCents(l!.principal) - principalRepaid);
  if (excess <= 0n) return { lines: [], record: async () => {} };
  const amount = fromCents(excess);
  const cur = currency as 'SLE';
  return {
    lines: [
      { glCode: LOAN_LOSS_GL.provision, currency: cur, side: 'debit', amount },
      { glCode: LOAN_LOSS_GL.provisionExpense, currency: cur, side: 'credit', amount },
    ],
    record: async (entryId) => {
      // Once per entry: a posting replayed by its reference releases nothing again.
      await tx.execute(sql`with ins as (
          insert into loan_provision_releases (entry_id, loan_id, amount)
          values (${entryId}, ${loanId}, ${amount}::numeric) on conflict do nothing returning loan_id, amount)
        update loans l set provision_held = l.provision_held - ins.amount from ins where l.id = ins.loan_id`);
    },
  };
}

/** The reversal of a repayment that released provision puts it back on the loan. */
export async function restoreProvisionRelease(tx: Database, entryId: number): Promise<void> {
  await tx.execute(sql`update loans l set provision_held = l.provision_held + r.amount
                         from loan_provision_releases r where r.entry_id = ${entryId} and l.id = r.loan_id`);
}

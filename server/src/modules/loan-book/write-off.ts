import { z } from 'zod';
import { sql } from 'drizzle-orm';
import {
  LOAN_LOSS_GL as GL,
  LOAN_TEXT_DISBURSE,
  PROVISION_TEXT as T,
  fromCents,
  toCents,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import {
  approvedBy,
  requestApproval,
  stillPendingSql,
  type ApprovalActor,
  type Approvals,
} from '../approvals/index.ts';
import { LedgerError, ledgerHttpError, postEntryOnce, type EntryLine } from '../ledger/index.ts';
import { loanSubjectName } from './subject-names.ts';

export const WRITE_OFF_TYPES = ['loan.write_off', 'loan.write_off_large'] as const;
export type WriteOffType = (typeof WRITE_OFF_TYPES)[number];

const writeOffCommand = z.object({ loanId: z.number().int(), reason: z.string() });

interface Facts extends Record<string, unknown> {
  id: number;
  status: string;
  loan_class: string;
  branch_code: string;
  currency: string;
  account_id: string;
  account_number: string;
  principal: string;
  provision_held: string;
  interest_receivable: string;
  interest_in_suspense: string;
  penalty_receivable: string;
  penalty_in_suspense: string;
  receivable_gl: string;
  limit: string | null;
}

/** The loan's figures a write-off needs, its row locked. */
async function loanFacts(tx: Database, loanId: number): Promise<Facts> {
  const [l] = await queryRows<Facts>(
    tx,
    sql`select l.id, l.status, l.loan_class, l.branch_code, l.currency, l.account_id::text, a.account_number,
               greatest(-a.balance, 0)::text as principal, l.provision_held::text,
               l.interest_receivable::text, l.interest_in_suspense::text, l.penalty_receivable::text,
               l.penalty_in_suspense::text, p.interest_receivable_gl as receivable_gl,
               (select second_level_above::text from loan_write_off_limits w where w.currency = l.currency) as limit
          from loans l join accounts a on a.id = l.account_id join loan_products p on p.code = l.product_code
         where l.id = ${loanId} for update of l`,
  );
  if (!l) throw notFound(LOAN_TEXT_DISBURSE.notFound);
  return l;
}

/** Refusals before and at approval: Active, classified Loss, some principal left. */
function assertWritable(l: Facts): void {
  if (l.status !== 'Active') throw conflict(T.notActive, { code: 'loan_not_active' });
  if (l.loan_class !== 'loss' || toCents(l.principal) === 0n) throw conflict(T.notLoss, { code: 'not_loss' });
}

/** Whether a write-off of the loan already waits for a checker (either level). */
async function pendingWriteOff(tx: Database, loanId: number): Promise<string | null> {
  const [p] = await queryRows<{ id: string }>(
    tx,
    sql`select id::text from approval_requests
         where subject_type = 'loan_write_off' and subject_id = ${String(loanId)} and ${stillPendingSql()}
         limit 1`,
  );
  return p?.id ?? null;
}

/**
 * The maker asks for a Loss loan's write-off. Up to the currency's limit the Branch Manager in the
 * loan's branch decides (`loan.write_off`); above it the Head of Credit, bank-wide
 * (`loan.write_off_large`). `assertBranch` checks the maker's scope once the loan's branch is known.
 */
export async function requestWriteOff(
  tx: Database,
  loanId: number,
  reason: string,
  maker: ApprovalActor,
  assertBranch: (branch: string) => void,
): Promise<{ approvalId: string; level: WriteOffType; principal: string }> {
  const l = await loanFacts(tx, loanId);
  assertBranch(l.branch_code);
  assertWritable(l);
  const pending = await pendingWriteOff(tx, loanId);
  if (pending) throw conflict(T.pendingWriteOff, { code: 'pending_approval', approvalId: pending });
  const level: WriteOffType =
    l.limit !== null && toCents(l.principal) > toCents(l.limit) ? 'loan.write_off_large' : 'loan.write_off';
  const approvalId = await requestApproval(tx, {
    type: level,
    subjectType: 'loan_write_off',
    subjectId: String(loanId),
    command: { loanId, reason } satisfies z.infer<typeof writeOffCommand>,
    before: { principal: l.principal, provisionHeld: l.provision_held, loanClass: l.loan_class },
    after: {
      account: l.account_number,
      currency: l.currency,
      writtenOff: l.principal,
      fromProvision: fromCents(min(toCents(l.provision_held), toCents(l.principal))),
      reason,
    },
    maker,
    // No amount on the request: its level is the policy's authority (the type), not a checker's
    // per-transaction approval limit, which the approvals engine would otherwise apply.
    branch: l.branch_code,
    subjectVersion: l.principal,
  });
  return { approvalId, level, principal: l.principal };
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * The checker's approval, in one transaction: Dr 1490 the provision held (Dr 5040 any shortfall), Cr
 * the loan account its whole principal; the interest and penalties in suspense released (Dr 1428, Cr
 * interest receivable and penalty receivable); receivable not in suspense charged to 5040. The loan
 * becomes Written off with its figures kept, provision and receivables at zero.
 */
async function execute(
  tx: Database,
  raw: unknown,
  approvalId: string,
  maker: ApprovalActor,
  checker: ApprovalActor,
) {
  const cmd = writeOffCommand.parse(raw);
  const l = await loanFacts(tx, cmd.loanId);
  assertWritable(l);
  const P = toCents(l.principal);
  const fromProvision = min(toCents(l.provision_held), P);
  const fromExpense = P - fromProvision;
  const iSusp = toCents(l.interest_in_suspense);
  const pSusp = toCents(l.penalty_in_suspense);
  const recvLeft = toCents(l.interest_receivable) - iSusp;
  const penLeft = toCents(l.penalty_receivable) - pSusp;
  const cur = l.currency as 'SLE';
  const gl = (glCode: string, side: 'debit' | 'credit', c: bigint): EntryLine[] =>
    c > 0n ? [{ glCode, currency: cur, side, amount: fromCents(c) }] : [];
  const lines: EntryLine[] = [
    ...gl(GL.provision, 'debit', fromProvision),
    ...gl(
      GL.provisionExpense,
      'debit',
      fromExpense + (recvLeft > 0n ? recvLeft : 0n) + (penLeft > 0n ? penLeft : 0n),
    ),
    { accountId: Number(l.account_id), side: 'credit', amount: l.principal, description: 'Loan written off' },
    ...gl(GL.suspense, 'debit', iSusp + pSusp),
    ...gl(l.receivable_gl, 'credit', iSusp + (recvLeft > 0n ? recvLeft : 0n)),
    ...gl(GL.penaltyReceivable, 'credit', pSusp + (penLeft > 0n ? penLeft : 0n)),
  ];
  let entryId: number;
  try {
    const posted = await postEntryOnce(tx, {
      source: 'system',
      reference: `LWO-${cmd.loanId}`,
      narration: `Loan written off ${l.account_number}`,
      lines,
      actor: { id: maker.id, email: maker.email, ip: checker.ip },
      audit: {
        action: 'loan.write_off',
        targetType: 'loan',
        targetId: String(cmd.loanId),
        details: {
          ...approvedBy(approvalId, checker),
          principal: l.principal,
          fromProvision: fromCents(fromProvision),
          fromExpense: fromCents(fromExpense),
          reason: cmd.reason,
        },
      },
    });
    entryId = posted.entryId;
  } catch (err) {
    if (err instanceof LedgerError) throw ledgerHttpError(err);
    throw err;
  }
  await tx.execute(sql`
    update loans set status = 'Written off', written_off_principal = ${l.principal}::numeric,
           written_off_on = current_business_date(), provision_held = 0, interest_receivable = 0,
           interest_in_suspense = 0, penalty_receivable = 0, penalty_in_suspense = 0
     where id = ${cmd.loanId}`);
  await tx.execute(sql`
    insert into loan_write_offs (loan_id, principal, from_provision, from_expense, interest_suspense,
                                 penalty_suspense, receivable_charged, entry_id, approval_id, written_off_on,
                                 reason, requested_by, approved_by)
    values (${cmd.loanId}, ${l.principal}::numeric, ${fromCents(fromProvision)}::numeric,
            ${fromCents(fromExpense)}::numeric, ${fromCents(iSusp)}::numeric, ${fromCents(pSusp)}::numeric,
            ${fromCents((recvLeft > 0n ? recvLeft : 0n) + (penLeft > 0n ? penLeft : 0n))}::numeric, ${entryId},
            ${approvalId}::uuid, current_business_date(), ${cmd.reason}, ${maker.id}::uuid, ${checker.id}::uuid)`);
}

/** Registers both write-off levels with the four-eyes engine. */
export function registerWriteOff(approvals: Approvals): void {
  approvals.nameSubjects('loan_write_off', ({ subjectId }) => loanSubjectName(subjectId));
  for (const type of WRITE_OFF_TYPES)
    approvals.register({
      type,
      // The principal the checker saw: a repayment since makes the request stale.
      currentVersion: async (tx, subjectId) => {
        const [r] = await queryRows<{ v: string }>(
          tx,
          sql`select greatest(-a.balance, 0)::text as v from loans l join accounts a on a.id = l.account_id
               where l.id = ${Number(subjectId)}`,
        );
        return r?.v ?? null;
      },
      execute: (tx, raw, { approvalId, maker, checker }) => execute(tx, raw, approvalId, maker, checker),
    });
}

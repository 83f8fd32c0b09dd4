import { sql } from 'drizzle-orm';
import {
  LOAN_REPAYMENT_TEXT as T,
  LOAN_TEXT_DISBURSE,
  allocateRepayment,
  applyPrepayment,
  fromCents,
  principalOutstanding,
  toCents,
  type InstalmentAllocation,
  type InstalmentState,
  type JournalSource,
  type LoanRepayment,
  type LoanRepaymentChannel,
  type OverpaymentHandling,
  type SuspenseCollection,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { queryRows } from '../../db/rows.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { LedgerError, ledgerHttpError, postEntryOnce, type EntryLine } from '../ledger/index.ts';
import { getLoanProduct } from '../loan-products/index.ts';
import { openTillOf, recordTillCash, type OpenTill } from '../teller/index.ts';
import { instalmentsOf } from './rows.ts';
import { repaymentById, repaymentByReference } from './repayment-rows.ts';
import { writeSchedule } from './schedule-writes.ts';
import { provisionRelease, recoverWrittenOff } from './written-off.ts';
import { settlementOf } from './settlement.ts';
import { LOAN_SUSPENSE_GL, collectionCredits, collectionOf, suspenseUpdate } from './suspense-collection.ts';

/** Where the money comes from: a customer account (transfer, auto-debit) or the teller's till. */
export type RepaymentSource =
  | { kind: 'account'; accountNumber: string }
  | {
      kind: 'till';
      tellerId: string;
      /** The payer's ID number, for the till's record (and a CTR). */
      partyIdNumber: string;
      ctrThreshold: Record<'SLE' | 'USD', string>;
    };

export interface RepaymentInput {
  loanId: number;
  amount: string;
  /** The client's idempotency key (unique across all repayments). */
  reference: string;
  channel: LoanRepaymentChannel;
  source: RepaymentSource;
  overpayment: OverpaymentHandling;
  /** Null id: a system actor (an end-of-day run whose requester is unknown). */
  actor: { id: string | null; email: string; ip?: string | null };
  /** Who brought the cash (teller channel), for the audit trail. */
  party?: string;
  /** Settlement: `amount` is the payoff quote's total the customer agreed to pay. */
  settle?: boolean;
  /** Called with the loan's branch once it is locked, before anything is written (scope checks). */
  assertBranch?: (branch: string) => void;
}

export interface RepaymentOutcome {
  status: 200 | 201;
  repayment: LoanRepayment;
}

interface LockedLoan extends Record<string, unknown> {
  id: number;
  status: string;
  branch_code: string;
  currency: string;
  account_id: string;
  account_number: string;
  product_code: string;
  product_version: number;
  rate: string;
  interest_method: 'emi' | 'equal_principal' | 'flat';
  frequency: 'monthly' | 'fortnightly' | 'weekly';
  disbursement_date: string;
  interest_receivable: string;
  interest_in_suspense: string;
  penalty_receivable: string;
  penalty_in_suspense: string;
}

/** Locks the loan row: repayments of one loan take turns, so no instalment is paid twice. */
async function lockLoan(tx: Database, id: number): Promise<LockedLoan> {
  const [l] = await queryRows<LockedLoan>(
    tx,
    sql`select l.id, l.status, l.branch_code, l.currency, l.account_id::text, a.account_number, l.product_code,
          l.product_version, l.rate::text, l.interest_method, l.frequency,
          to_char(l.disbursement_date, 'YYYY-MM-DD') as disbursement_date, l.interest_receivable::text,
          l.interest_in_suspense::text, l.penalty_receivable::text, l.penalty_in_suspense::text
        from loans l join accounts a on a.id = l.account_id where l.id = ${id} for update of l`,
  );
  if (!l) throw notFound(LOAN_TEXT_DISBURSE.notFound);
  return l;
}

/** The same reference again: the first repayment if it asked for the same thing, else a conflict. */
function replayOf(earlier: LoanRepayment, r: RepaymentInput): RepaymentOutcome {
  if (
    earlier.loanId !== r.loanId ||
    earlier.channel !== r.channel ||
    toCents(earlier.amount) !== toCents(r.amount)
  )
    throw conflict(T.referenceConflict(r.reference), { code: 'reference_conflict' });
  return { status: 200, repayment: earlier };
}

/** The paying account, checked for what the ledger does not know: not a loan, same currency. */
async function payingAccount(tx: Database, loan: LockedLoan, number: string): Promise<number> {
  const [a] = await queryRows<{ id: string; currency: string; account_type: string }>(
    tx,
    sql`select id::text, currency, account_type from accounts where account_number = ${number}`,
  );
  if (!a)
    throw badRequest('Invalid request', [{ path: '/fromAccount', message: 'No account with this number' }]);
  if (a.account_type === 'Loan')
    throw badRequest('Invalid request', [{ path: '/fromAccount', message: T.sameAccount }]);
  if (a.currency !== loan.currency) throw conflict(T.wrongCurrency, { code: 'wrong_currency' });
  return Number(a.id);
}

/** The teller's open till: in the loan's currency, and in a branch the teller works in. */
async function tillFor(
  tx: Database,
  loan: LockedLoan,
  tellerId: string,
  assertBranch: RepaymentInput['assertBranch'],
): Promise<{ glCode: string; tillSessionId: string; till: OpenTill }> {
  const till = await openTillOf(tx, tellerId);
  assertBranch?.(till.branch);
  if (till.currency !== loan.currency) throw conflict(T.wrongCurrency, { code: 'wrong_currency' });
  return { glCode: till.glCode, tillSessionId: till.sessionId, till };
}

const PARTS = ['principal', 'interest', 'fee', 'penalty'] as const;

interface Split {
  totals: { principal: bigint; interest: bigint; fee: bigint; penalty: bigint };
  prepayment: bigint;
  allocations: InstalmentAllocation[];
  /** The schedule as it is to be written. */
  instalments: InstalmentState[];
  /** The rows a prepayment or a settlement replaced, as they were. */
  replaced: InstalmentState[] | null;
}

/** A payment split by the engine: oldest due first in the product's order, overpayment as chosen. */
async function splitPayment(
  tx: Database,
  loan: LockedLoan,
  r: RepaymentInput,
  today: string,
  schedule: InstalmentState[],
): Promise<Split> {
  const product = await getLoanProduct(tx, loan.product_code);
  const terms = product.versions.find((v) => v.version === loan.product_version)?.terms ?? product.terms;
  const base = { instalments: schedule, amount: r.amount, order: terms.allocationOrder };
  // The period under way: its instalment is the first not yet due.
  const next = schedule.filter((i) => i.dueDate > today).sort((x, y) => (x.dueDate < y.dueDate ? -1 : 1))[0];
  const early = next && PARTS.some((c) => toCents(next[`${c}Paid`]) > 0n);
  if (early && r.overpayment === 'prepay') throw conflict(T.prepayAfterEarly, { code: 'overpayment' });
  let a = allocateRepayment({ ...base, asOf: today, overpayment: r.overpayment });
  // Customers pay their instalment before its date. The period under way's instalment may be paid
  // ahead: its interest is fixed at the period's start (ADR 0046), so paying early neither saves nor
  // costs anything. Only the customer's choice to prepay reschedules principal.
  if (toCents(a.excess) > 0n && r.overpayment === 'refuse' && next)
    a = allocateRepayment({ ...base, asOf: next.dueDate, overpayment: 'refuse' });
  if (toCents(a.excess) > 0n) {
    const placed = toCents(r.amount) - toCents(a.excess);
    if (placed === 0n) throw conflict(T.nothingDue, { code: 'nothing_due' });
    throw conflict(
      r.overpayment === 'prepay' ? T.beyondPrincipal(fromCents(placed)) : T.overpayment(fromCents(placed)),
      { code: 'overpayment', atMost: fromCents(placed) },
    );
  }
  const totals = {
    principal: toCents(a.totals.principal) + toCents(a.prepayment),
    interest: toCents(a.totals.interest),
    fee: toCents(a.totals.fee),
    penalty: toCents(a.totals.penalty),
  };
  if (toCents(a.prepayment) === 0n)
    return { totals, prepayment: 0n, allocations: a.allocations, instalments: a.instalments, replaced: null };
  const p = applyPrepayment({
    instalments: a.instalments,
    prepayment: a.prepayment,
    asOf: today,
    mode: terms.prepayment,
    method: loan.interest_method,
    annualRate: loan.rate,
    frequency: loan.frequency,
  });
  return {
    totals,
    prepayment: toCents(a.prepayment),
    allocations: a.allocations,
    instalments: p.instalments,
    replaced: p.replaced,
  };
}

/**
 * The journal's lines: Dr the source; Cr the loan account, interest receivable/income, fees, penalty
 * receivable/income; what leaves suspense, Dr 1428 and Cr income (ADR 0064).
 */
async function journalLines(
  loan: LockedLoan,
  gl: { interestReceivable: string; interestIncome: string; feeIncome: string; penaltyIncome: string },
  source: { accountId: number } | { glCode: string; tillSessionId: string },
  amount: string,
  split: Split,
  collection: SuspenseCollection,
): Promise<EntryLine[]> {
  const currency = loan.currency as 'SLE';
  const { credits, suspenseDebit } = collectionCredits(gl, split.totals, collection);
  const gls: [string, bigint][] = [...credits, [gl.feeIncome, split.totals.fee]];
  return [
    debitLine(loan, source, amount),
    ...(split.totals.principal > 0n
      ? [
          {
            accountId: Number(loan.account_id),
            side: 'credit' as const,
            amount: fromCents(split.totals.principal),
            description: 'Loan repayment',
          },
        ]
      : []),
    ...(suspenseDebit > 0n
      ? [{ glCode: LOAN_SUSPENSE_GL, currency, side: 'debit' as const, amount: fromCents(suspenseDebit) }]
      : []),
    ...gls
      .filter(([, c]) => c > 0n)
      .map(([glCode, c]) => ({ glCode, currency, side: 'credit' as const, amount: fromCents(c) })),
  ];
}

/** The paying side's line: the customer account, or the teller's till. */
function debitLine(
  loan: LockedLoan,
  source: { accountId: number } | { glCode: string; tillSessionId: string },
  amount: string,
): EntryLine {
  return 'accountId' in source
    ? {
        accountId: source.accountId,
        side: 'debit',
        amount,
        description: `Loan repayment ${loan.account_number}`,
      }
    : {
        glCode: source.glCode,
        currency: loan.currency as 'SLE',
        side: 'debit',
        amount,
        tillSessionId: source.tillSessionId,
      };
}

/** Cash at the counter is the till's too: its journal, tallies, CTR and receipt see it. */
async function atTill(
  tx: Database,
  r: RepaymentInput,
  source: { accountId: number } | { glCode: string; tillSessionId: string; till: OpenTill },
  loan: LockedLoan,
  entryId: number,
): Promise<void> {
  if (r.source.kind === 'till' && 'till' in source) {
    // Only end of day repays with no person; cash at a till always has its teller.
    if (r.actor.id === null) throw new Error('a repayment at a till names its teller');
    await recordTillCash(tx, {
      till: source.till,
      kind: 'loan_repayment',
      reference: `LNR-${r.reference}`,
      teller: { id: r.actor.id, email: r.actor.email },
      accountId: Number(loan.account_id),
      amount: r.amount,
      partyName: r.party ?? '',
      partyIdNumber: r.source.partyIdNumber,
      narration: `Loan repayment ${loan.account_number}`,
      entryId: entryId,
      ctrThreshold: r.source.ctrThreshold,
    });
  }
}

const SOURCE_OF: Record<LoanRepaymentChannel, JournalSource> = {
  transfer: 'transfer',
  settlement: 'transfer',
  cash: 'teller',
  auto_debit: 'end_of_day',
  // The salary batch's approval posts it, as it posts the salaries.
  check_off: 'transfer',
};

/**
 * One repayment, whatever the channel (ADR 0052), in one transaction: locks the loan, answers a
 * repeated reference with the first repayment, refuses a loan that is not Active, splits the amount
 * with the contracts' engine (or, settling, pays the payoff quote), writes the paid columns and a
 * rescheduled plan, posts one balanced journal once by reference (its audit row with it), records the
 * repayment, and closes the loan when no principal and nothing due is left.
 */
export async function repayLoan(db: Database, r: RepaymentInput): Promise<RepaymentOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const loan = await lockLoan(tx, r.loanId);
      r.assertBranch?.(loan.branch_code);
      const earlier = await repaymentByReference(tx, r.reference);
      if (earlier) return replayOf(earlier, r);
      if (loan.status !== 'Active' && loan.status !== 'Written off')
        throw conflict(T.notActive, { code: 'loan_not_active' });
      const source =
        r.source.kind === 'account'
          ? { accountId: await payingAccount(tx, loan, r.source.accountNumber) }
          : await tillFor(tx, loan, r.source.tellerId, r.assertBranch);
      const today = await currentBusinessDate(tx);
      // A written-off loan's money is a recovery (written-off.ts): income, never principal.
      if (loan.status === 'Written off') {
        const rec = await recoverWrittenOff(tx, {
          loanId: loan.id,
          accountNumber: loan.account_number,
          currency: loan.currency,
          reference: r.reference,
          channel: r.channel,
          amount: r.amount,
          settle: r.settle ?? false,
          debit: debitLine(loan, source, r.amount),
          source: SOURCE_OF[r.channel],
          actor: r.actor,
          today,
        });
        if (!rec.replayed) await atTill(tx, r, source, loan, rec.entryId);
        return { status: rec.status, repayment: rec.repayment };
      }
      const schedule = await instalmentsOf(tx, r.loanId);
      const split = r.settle
        ? settlementOf(loan, schedule, today, r.amount)
        : await splitPayment(tx, loan, r, today, schedule);
      const product = await getLoanProduct(tx, loan.product_code);
      const collection = collectionOf(loan, split.totals);
      const release = await provisionRelease(tx, loan.id, loan.currency, split.totals.principal);
      const lines = [
        ...(await journalLines(loan, product.gl, source, r.amount, split, collection)),
        ...release.lines,
      ];
      const parts = {
        principal: fromCents(split.totals.principal),
        interest: fromCents(split.totals.interest),
        ...collection,
        fee: fromCents(split.totals.fee),
        penalty: fromCents(split.totals.penalty),
        prepayment: fromCents(split.prepayment),
      };
      const posted = await postEntryOnce(tx, {
        source: SOURCE_OF[r.channel],
        reference: `LNR-${r.reference}`,
        narration: `Loan repayment ${loan.account_number}`,
        lines,
        actor: r.actor,
        audit: {
          action: r.settle ? 'loan.settle' : 'loan.repay',
          targetType: 'loan',
          targetId: String(loan.id),
          details: {
            channel: r.channel,
            reference: r.reference,
            amount: r.amount,
            ...parts,
            ...(r.party ? { party: r.party } : {}),
          },
        },
      });
      await release.record(posted.entryId);
      await atTill(tx, r, source, loan, posted.entryId);
      await writeSchedule(tx, r.loanId, schedule, split.instalments);
      const cleared =
        toCents(principalOutstanding(split.instalments)) === 0n &&
        split.instalments.every((i) => PARTS.every((c) => toCents(i[`${c}Paid`]) >= toCents(i[`${c}Due`])));
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`insert into loan_repayments (loan_id, reference, channel, amount, principal, interest, interest_receivable,
              fee, penalty, prepayment, overpayment, allocations, replaced, from_account_id, till_session_id, entry_id,
              value_date, actor_id, actor_email, interest_from_suspense, penalty_receivable, penalty_from_suspense)
            values (${r.loanId}, ${r.reference}, ${r.channel}, ${r.amount}::numeric, ${parts.principal}::numeric,
              ${parts.interest}::numeric, ${parts.interestReceivable}::numeric, ${parts.fee}::numeric,
              ${parts.penalty}::numeric, ${parts.prepayment}::numeric, ${r.overpayment},
              ${JSON.stringify(split.allocations)}::jsonb,
              ${split.replaced ? JSON.stringify(split.replaced) : null}::jsonb,
              ${'accountId' in source ? source.accountId : null}, ${'glCode' in source ? source.tillSessionId : null}::uuid,
              ${posted.entryId}, ${today}::date, ${r.actor.id}::uuid, ${r.actor.email},
              ${parts.interestFromSuspense}::numeric, ${parts.penaltyReceivable}::numeric,
              ${parts.penaltyFromSuspense}::numeric)
            returning id::text`,
      );
      // After the repayment's row: the database refuses a repayment on a loan no longer Active.
      await tx.execute(sql`update loans set interest_receivable = interest_receivable - ${parts.interestReceivable}::numeric,
                             ${suspenseUpdate(collection, -1)}
                             ${cleared ? sql`, status = 'Closed', closed_on = ${today}::date` : sql``}
                           where id = ${r.loanId}`);
      return { status: 201 as const, repayment: (await repaymentById(tx, Number(row!.id)))! };
    });
  } catch (err) {
    if (err instanceof LedgerError) throw ledgerHttpError(err);
    // Two first requests with one reference raced: the loser answers as a retry would.
    if (violatedConstraint(err) === 'loan_repayments_reference_unique') {
      const earlier = await repaymentByReference(db, r.reference);
      if (earlier) return replayOf(earlier, r);
    }
    throw err;
  }
}

import { sql, type SQL } from 'drizzle-orm';
import {
  LOAN_PENALTY_RECEIVABLE_GL,
  LOAN_SUSPENSE_GL,
  collectFromSuspense,
  fromCents,
  toCents,
  type SuspenseCollection,
} from '@bankmanager/contracts';

/** The loan's columns the collection rule reads (selected with the loan's lock). */
export interface HeldColumns {
  interest_receivable: string;
  interest_in_suspense: string;
  penalty_receivable: string;
  penalty_in_suspense: string;
}

/** How a repayment's interest and penalty leave the loan's receivables and suspense (ADR 0064). */
export function collectionOf(
  loan: HeldColumns,
  totals: { interest: bigint; penalty: bigint },
): SuspenseCollection {
  return collectFromSuspense(
    {
      interestReceivable: loan.interest_receivable,
      interestInSuspense: loan.interest_in_suspense,
      penaltyReceivable: loan.penalty_receivable,
      penaltyInSuspense: loan.penalty_in_suspense,
    },
    { interest: fromCents(totals.interest), penalty: fromCents(totals.penalty) },
  );
}

/**
 * A repayment's GL side for interest and penalty: credits to the receivables up to what they hold, the
 * rest to income; what leaves suspense is a debit to 1428 and a credit to income in the same entry.
 * Returns the credits ([GL, cents]) and the suspense debit in cents.
 */
export function collectionCredits(
  gl: { interestReceivable: string; interestIncome: string; penaltyIncome: string },
  totals: { interest: bigint; penalty: bigint },
  c: SuspenseCollection,
): { credits: [string, bigint][]; suspenseDebit: bigint } {
  const ir = toCents(c.interestReceivable);
  const ifs = toCents(c.interestFromSuspense);
  const pr = toCents(c.penaltyReceivable);
  const pfs = toCents(c.penaltyFromSuspense);
  return {
    credits: [
      [gl.interestReceivable, ir],
      [gl.interestIncome, totals.interest - ir + ifs],
      [LOAN_PENALTY_RECEIVABLE_GL, pr],
      [gl.penaltyIncome, totals.penalty - pr + pfs],
    ],
    suspenseDebit: ifs + pfs,
  };
}

export { LOAN_SUSPENSE_GL };

/**
 * The loan's suspense and penalty columns moved by a collection: `sign` −1 when a repayment takes it,
 * +1 when its reversal puts it back. The interest receivable itself moves with the existing column.
 */
export function suspenseUpdate(c: SuspenseCollection, sign: 1 | -1): SQL {
  const op = sign > 0 ? sql`+` : sql`-`;
  return sql`interest_in_suspense = interest_in_suspense ${op} ${c.interestFromSuspense}::numeric,
             penalty_receivable = penalty_receivable ${op} ${c.penaltyReceivable}::numeric,
             penalty_in_suspense = penalty_in_suspense ${op} ${c.penaltyFromSuspense}::numeric`;
}

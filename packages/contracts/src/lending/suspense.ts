import { fromCents, toCents } from '../money.ts';

/**
 * Interest in suspense and late-payment penalties (docs/loan-book.md, ADR 0064). The two GL accounts
 * every loan product shares: penalties charged and not yet paid, and the interest and penalties of
 * non-performing loans held out of income until collected (a contra-asset, credit normal).
 */
export const LOAN_PENALTY_RECEIVABLE_GL = '1422';
export const LOAN_SUSPENSE_GL = '1428';

/** What a loan holds before a repayment: receivables and the parts of them in suspense. */
export interface LoanHeld {
  interestReceivable: string;
  interestInSuspense: string;
  penaltyReceivable: string;
  penaltyInSuspense: string;
}

/** How the interest and penalty a repayment collects leave the loan's receivables and suspense. */
export interface SuspenseCollection {
  /** Credited to interest receivable (the rest of the interest collected goes straight to income). */
  interestReceivable: string;
  /** Of that, moved from suspense to interest income (Dr suspense, Cr interest income). */
  interestFromSuspense: string;
  /** Credited to penalty receivable (the rest straight to penalty income). */
  penaltyReceivable: string;
  /** Of that, moved from suspense to penalty income. */
  penaltyFromSuspense: string;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * The collection rule: the interest (penalty) a repayment collects first clears the receivable held,
 * never more than it; of what clears the receivable, the part held in suspense goes first, because
 * suspense holds the oldest interest (accrued before or while the loan was non-performing) and a
 * loan back in a performing class keeps its suspense until collected. Amounts in decimal strings.
 */
export function collectFromSuspense(
  held: LoanHeld,
  collected: { interest: string; penalty: string },
): SuspenseCollection {
  const ir = min(toCents(collected.interest), toCents(held.interestReceivable));
  const pr = min(toCents(collected.penalty), toCents(held.penaltyReceivable));
  return {
    interestReceivable: fromCents(ir),
    interestFromSuspense: fromCents(min(ir, toCents(held.interestInSuspense))),
    penaltyReceivable: fromCents(pr),
    penaltyFromSuspense: fromCents(min(pr, toCents(held.penaltyInSuspense))),
  };
}

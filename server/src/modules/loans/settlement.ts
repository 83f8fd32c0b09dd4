import {
  LOAN_REPAYMENT_TEXT as T,
  fromCents,
  payoffQuote,
  toCents,
  type InstalmentAllocation,
  type InstalmentState,
  type PayoffQuote,
} from '@bankmanager/contracts';
import { conflict } from '../../lib/http-error.ts';

/** What the payoff quote needs of a loan. */
export interface QuotedLoan {
  rate: string;
  disbursement_date: string;
}

/**
 * The payoff quote for a date (ADR 0046): the contracts' engine on the frozen schedule, less the
 * interest of the period under way that the customer already paid ahead of its date (its instalment
 * may be paid early; the quote charges the interest accrued, not the period's twice).
 */
export function quoteOf(loan: QuotedLoan, schedule: readonly InstalmentState[], date: string): PayoffQuote {
  const q = payoffQuote({
    instalments: schedule,
    annualRate: loan.rate,
    asOf: date,
    disbursementDate: loan.disbursement_date,
  });
  const next = schedule.filter((i) => i.dueDate > date).sort((a, b) => (a.dueDate < b.dueDate ? -1 : 1))[0];
  const paidAhead = next ? toCents(next.interestPaid) : 0n;
  if (paidAhead === 0n) return q;
  const accrued = toCents(q.interestAccrued) > paidAhead ? toCents(q.interestAccrued) - paidAhead : 0n;
  return {
    ...q,
    interestAccrued: fromCents(accrued),
    total: fromCents(toCents(q.total) - toCents(q.interestAccrued) + accrued),
  };
}

const PARTS = ['principal', 'interest', 'fee', 'penalty'] as const;

/**
 * Settlement on the business date: pays the quote, which must be the amount the customer agreed to
 * (409 quote_changed otherwise). Every instalment is paid in full; the instalments not yet due keep
 * their principal, and lose their scheduled interest and fees (not yet earned) but for what was paid
 * ahead and the interest accrued to today, which goes on the next one (after maturity, on the last). The rows it
 * rewrote are kept with the repayment, so a reversal can put them back.
 */
export function settlementOf(
  loan: QuotedLoan,
  schedule: readonly InstalmentState[],
  today: string,
  amount: string,
) {
  const q = quoteOf(loan, schedule, today);
  if (toCents(q.total) !== toCents(amount))
    throw conflict(T.quoteChanged(q.total), { code: 'quote_changed', total: q.total });
  const future = schedule.filter((i) => i.dueDate > today);
  const target = future[0] ?? schedule.at(-1)!;
  const replaced: InstalmentState[] = [];
  const allocations: InstalmentAllocation[] = [];
  const totals = { principal: 0n, interest: 0n, fee: 0n, penalty: 0n };
  const instalments = schedule.map((i) => {
    const next = { ...i };
    if (i.dueDate > today) {
      // What was paid ahead stays paid (only the period under way can have been): nothing is refunded.
      next.interestDue =
        i === target ? fromCents(toCents(i.interestPaid) + toCents(q.interestAccrued)) : i.interestPaid;
      next.feeDue = i.feePaid;
    } else if (i === target) {
      next.interestDue = fromCents(toCents(i.interestDue) + toCents(q.interestAccrued));
    }
    if (next.interestDue !== i.interestDue || next.feeDue !== i.feeDue) replaced.push(i);
    const put = { principal: 0n, interest: 0n, fee: 0n, penalty: 0n };
    for (const c of PARTS) {
      put[c] = toCents(next[`${c}Due`]) - toCents(i[`${c}Paid`]);
      next[`${c}Paid`] = next[`${c}Due`];
      totals[c] += put[c];
    }
    if (PARTS.some((c) => put[c] > 0n))
      allocations.push({
        instalmentNumber: i.instalmentNumber,
        principal: fromCents(put.principal),
        interest: fromCents(put.interest),
        fee: fromCents(put.fee),
        penalty: fromCents(put.penalty),
      });
    return next;
  });
  return { totals, prepayment: 0n, allocations, instalments, replaced: replaced.length ? replaced : null };
}

import { fromCents, toCents } from '../money.ts';
import { accruedInterest, type LoanFrequency } from './day-count.ts';
import type { InstalmentState } from './repayment.ts';
import type { InterestMethod } from './schedule-input.ts';
import { buildSchedule } from './schedule.ts';

/**
 * A restructuring's new schedule, worked out from the live one (ADR 0067). Pure: the server reads
 * the rows and the principal owed, this says what to write.
 *
 * - Every instalment due on or after the effective date is replaced: what was paid of it stays (its
 *   dues shrink to its paid parts; a row with nothing paid goes).
 * - Overdue instalments stay as arrears, unless `capitaliseArrears`: then their unpaid principal is
 *   folded into the new schedule (their interest, fees and penalties stay due: interest is never
 *   capitalised into principal, so no income is booked that was not received).
 * - The new schedule repays the principal owed less the arrears left on old rows, at the new rate
 *   over the new term from the effective date; the first new instalment also carries the broken
 *   period's interest on the old terms (from the last due date before the effective date).
 *
 * So afterwards the schedule's unpaid principal equals the principal owed exactly.
 */
export interface RestructurePlanInput {
  rows: readonly InstalmentState[];
  /** The loan account's principal owed. */
  outstanding: string;
  effectiveDate: string;
  /** Where the broken period starts when no instalment fell due before the effective date. */
  disbursementDate: string;
  oldRate: string;
  rate: string;
  /** New instalments; default: as many as the rows replaced that were not paid in full. */
  term?: number | undefined;
  capitaliseArrears: boolean;
  method: InterestMethod;
  frequency: LoanFrequency;
}

export interface RestructurePlan {
  /** The rows as they stood, for the history. */
  replaced: InstalmentState[];
  /** The live rows after the change (kept and shrunk), without the new ones. */
  kept: InstalmentState[];
  added: InstalmentState[];
  principal: string;
  capitalised: string;
  brokenInterest: string;
  term: number;
}

const unpaid = (r: InstalmentState) => toCents(r.principalDue) - toCents(r.principalPaid);
const fullyPaid = (r: InstalmentState) =>
  (['principal', 'interest', 'fee', 'penalty'] as const).every(
    (p) => toCents(r[`${p}Paid`]) >= toCents(r[`${p}Due`]),
  );
const paidOnly = (r: InstalmentState): InstalmentState => ({
  ...r,
  principalDue: r.principalPaid,
  interestDue: r.interestPaid,
  feeDue: r.feePaid,
  penaltyDue: r.penaltyPaid,
});
const empty = (r: InstalmentState) =>
  [r.principalDue, r.interestDue, r.feeDue, r.penaltyDue].every((x) => toCents(x) === 0n);

/** Null when nothing is left to reschedule (the arrears are all the principal owed). */
export function planRestructure(i: RestructurePlanInput): RestructurePlan | null {
  const E = i.effectiveDate;
  const replaced: InstalmentState[] = [];
  const kept: InstalmentState[] = [];
  let capitalised = 0n;
  let open = 0;
  for (const r of i.rows) {
    if (r.dueDate >= E) {
      replaced.push(r);
      if (!fullyPaid(r)) open++;
      const shrunk = paidOnly(r);
      if (!empty(shrunk)) kept.push(shrunk);
    } else if (i.capitaliseArrears && unpaid(r) > 0n) {
      replaced.push(r);
      capitalised += unpaid(r);
      kept.push({ ...r, principalDue: r.principalPaid });
    } else kept.push(r);
  }
  const principal = toCents(i.outstanding) - kept.reduce((s, r) => s + unpaid(r), 0n);
  if (principal <= 0n) return null;
  const term = i.term ?? Math.max(open, 1);
  const before = i.rows.filter((r) => r.dueDate < E).map((r) => r.dueDate);
  const from = before.length > 0 ? before.reduce((a, b) => (a > b ? a : b)) : i.disbursementDate;
  const broken = from < E ? accruedInterest(i.outstanding, i.oldRate, from, E) : '0.00';
  const s = buildSchedule({
    principal: fromCents(principal),
    annualRate: i.rate,
    method: i.method,
    instalments: term,
    frequency: i.frequency,
    disbursementDate: E,
  });
  const first = Math.max(0, ...kept.map((r) => r.instalmentNumber)) + 1;
  const added = s.instalments.map((x, k) => ({
    instalmentNumber: first + k,
    dueDate: x.dueDate,
    principalDue: x.principal,
    interestDue: k === 0 ? fromCents(toCents(x.interest) + toCents(broken)) : x.interest,
    feeDue: '0.00',
    penaltyDue: '0.00',
    principalPaid: '0.00',
    interestPaid: '0.00',
    feePaid: '0.00',
    penaltyPaid: '0.00',
  }));
  return {
    replaced,
    kept,
    added,
    principal: fromCents(principal),
    capitalised: fromCents(capitalised),
    brokenInterest: broken,
    term,
  };
}

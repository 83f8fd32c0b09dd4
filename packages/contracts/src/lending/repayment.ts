import { fromCents, rateMicros, toCents } from '../money.ts';
import {
  accruedInterest,
  dayNumber,
  divideHalfUp,
  PERIODS_PER_YEAR,
  type LoanFrequency,
} from './day-count.ts';
import { DEFAULT_ALLOCATION_ORDER, type LoanAllocationPart, type LoanInterestMethod } from './products.ts';
import { levelInstalment } from './schedule.ts';

/**
 * The repayment engine (ADR 0046): pure functions over a disbursed loan's frozen schedule, in integer
 * cents, so the teller, transfers, the end-of-day auto-debit and salary check-off allocate a payment
 * the same way to the cent, and a reversal can undo it exactly.
 */

/** One instalment of a disbursed loan as stored (`loan_instalments`), money as decimal strings. */
export interface InstalmentState {
  instalmentNumber: number;
  dueDate: string;
  principalDue: string;
  interestDue: string;
  feeDue: string;
  penaltyDue: string;
  principalPaid: string;
  interestPaid: string;
  feePaid: string;
  penaltyPaid: string;
}

/** The four components a payment is split into (the same names as the paid columns, without "Paid"). */
export const REPAYMENT_COMPONENTS = ['penalty', 'fee', 'interest', 'principal'] as const;
export type RepaymentComponent = (typeof REPAYMENT_COMPONENTS)[number];
export type ComponentAmounts = Record<RepaymentComponent, string>;

/** What one payment put on one instalment. */
export interface InstalmentAllocation extends ComponentAmounts {
  instalmentNumber: number;
}

/** What happens to money beyond everything due: repay principal early, or leave it (the caller refuses). */
export const OVERPAYMENT_HANDLING = ['prepay', 'refuse'] as const;
export type OverpaymentHandling = (typeof OVERPAYMENT_HANDLING)[number];

export interface AllocateRepaymentInput {
  instalments: readonly InstalmentState[];
  amount: string;
  /** The product's allocation order; default penalties → fees → interest → principal. */
  order?: readonly LoanAllocationPart[];
  /** The value date: instalments due on or before it are paid first. */
  asOf: string;
  /** Default `refuse`: nothing is prepaid unless the product and the customer chose it. */
  overpayment?: OverpaymentHandling;
}

export interface RepaymentAllocation {
  /** Only instalments that received something, oldest due first. */
  allocations: InstalmentAllocation[];
  /** The allocations added up by component (`principal` excludes `prepayment`). */
  totals: ComponentAmounts;
  /** Principal repaid ahead of its due dates: give it to `applyPrepayment`. 0.00 under `refuse`. */
  prepayment: string;
  /** What could not be placed: beyond everything due (refuse), or beyond all principal owed (prepay). */
  excess: string;
  /** The schedule with the allocations added to the paid columns (the prepayment is not in it). */
  instalments: InstalmentState[];
}

const PART_COMPONENT: Record<LoanAllocationPart, RepaymentComponent> = {
  penalties: 'penalty',
  fees: 'fee',
  interest: 'interest',
  principal: 'principal',
};

type Cents = Record<RepaymentComponent, bigint>;
const zero = (): Cents => ({ penalty: 0n, fee: 0n, interest: 0n, principal: 0n });
const strings = (c: Cents): ComponentAmounts => ({
  penalty: fromCents(c.penalty),
  fee: fromCents(c.fee),
  interest: fromCents(c.interest),
  principal: fromCents(c.principal),
});
const due = (i: InstalmentState): Cents => ({
  penalty: toCents(i.penaltyDue),
  fee: toCents(i.feeDue),
  interest: toCents(i.interestDue),
  principal: toCents(i.principalDue),
});
const paid = (i: InstalmentState): Cents => ({
  penalty: toCents(i.penaltyPaid),
  fee: toCents(i.feePaid),
  interest: toCents(i.interestPaid),
  principal: toCents(i.principalPaid),
});
const withPaid = (i: InstalmentState, p: Cents): InstalmentState => ({
  ...i,
  penaltyPaid: fromCents(p.penalty),
  feePaid: fromCents(p.fee),
  interestPaid: fromCents(p.interest),
  principalPaid: fromCents(p.principal),
});

/** Oldest due first; two on one date by number (the frozen schedule's order). */
const byDue = (a: InstalmentState, b: InstalmentState) =>
  dayNumber(a.dueDate) - dayNumber(b.dueDate) || a.instalmentNumber - b.instalmentNumber;

function checkOrder(order: readonly LoanAllocationPart[]) {
  if (order.length !== DEFAULT_ALLOCATION_ORDER.length || new Set(order).size !== order.length)
    throw new RangeError('allocateRepayment: the order must name each component exactly once');
}

function checkState(i: InstalmentState) {
  const d = due(i);
  const p = paid(i);
  for (const c of REPAYMENT_COMPONENTS)
    if (d[c] < 0n || p[c] < 0n || p[c] > d[c])
      throw new RangeError(`instalment ${i.instalmentNumber}: ${c} paid must lie between 0 and its due`);
}

/** Principal not yet repaid across the schedule. */
export const principalOutstanding = (instalments: readonly InstalmentState[]): string =>
  fromCents(instalments.reduce((s, i) => s + toCents(i.principalDue) - toCents(i.principalPaid), 0n));

/**
 * Splits a payment over the instalments due on or before `asOf`, oldest first, each in the product's
 * order; what is left over is either principal to prepay (bounded by the principal not yet due) or
 * excess. Never pays more than an instalment owes, never a future instalment's interest or fees.
 */
export function allocateRepayment(input: AllocateRepaymentInput): RepaymentAllocation {
  const order = input.order ?? DEFAULT_ALLOCATION_ORDER;
  checkOrder(order);
  let left = toCents(input.amount);
  if (left <= 0n) throw new RangeError('allocateRepayment: the amount must be above zero');
  input.instalments.forEach(checkState);
  const asOf = dayNumber(input.asOf);
  const totals = zero();
  const allocations: InstalmentAllocation[] = [];
  const after = new Map<number, InstalmentState>();
  for (const inst of [...input.instalments].sort(byDue)) {
    if (dayNumber(inst.dueDate) > asOf || left === 0n) break;
    const d = due(inst);
    const p = paid(inst);
    const put = zero();
    for (const part of order) {
      const c = PART_COMPONENT[part];
      const take = d[c] - p[c] < left ? d[c] - p[c] : left;
      put[c] = take;
      p[c] += take;
      totals[c] += take;
      left -= take;
    }
    if (REPAYMENT_COMPONENTS.some((c) => put[c] > 0n)) {
      allocations.push({ instalmentNumber: inst.instalmentNumber, ...strings(put) });
      after.set(inst.instalmentNumber, withPaid(inst, p));
    }
  }
  let prepayment = 0n;
  if (left > 0n && (input.overpayment ?? 'refuse') === 'prepay') {
    const notYetDue = input.instalments
      .filter((i) => dayNumber(i.dueDate) > asOf)
      .reduce((s, i) => s + toCents(i.principalDue) - toCents(i.principalPaid), 0n);
    prepayment = left < notYetDue ? left : notYetDue;
    left -= prepayment;
  }
  return {
    allocations,
    totals: strings(totals),
    prepayment: fromCents(prepayment),
    excess: fromCents(left),
    instalments: input.instalments.map((i) => after.get(i.instalmentNumber) ?? i),
  };
}

/**
 * The exact inverse of an allocation, for a reversed repayment: takes each allocated amount off the
 * paid columns. Refuses (RangeError) an allocation that does not fit, rather than guess. A prepayment
 * changed the schedule itself; its reversal restores the rows `applyPrepayment` replaced.
 */
export function undoAllocation(
  instalments: readonly InstalmentState[],
  allocations: readonly InstalmentAllocation[],
): InstalmentState[] {
  const byNumber = new Map(allocations.map((a) => [a.instalmentNumber, a]));
  if (byNumber.size !== allocations.length) throw new RangeError('undoAllocation: an instalment twice');
  const found = new Set<number>();
  const out = instalments.map((i) => {
    const a = byNumber.get(i.instalmentNumber);
    if (!a) return i;
    found.add(i.instalmentNumber);
    const p = paid(i);
    for (const c of REPAYMENT_COMPONENTS) {
      p[c] -= toCents(a[c]);
      if (p[c] < 0n) throw new RangeError(`undoAllocation: instalment ${i.instalmentNumber} ${c} below zero`);
    }
    return withPaid(i, p);
  });
  if (found.size !== byNumber.size) throw new RangeError('undoAllocation: an instalment not in the loan');
  return out;
}

export const PREPAYMENT_MODES = ['reduce_term', 'reduce_instalment'] as const;
export type PrepaymentMode = (typeof PREPAYMENT_MODES)[number];

export interface ApplyPrepaymentInput {
  instalments: readonly InstalmentState[];
  /** The `prepayment` of `allocateRepayment`. */
  prepayment: string;
  /** The value date: the instalments due after it are rescheduled. */
  asOf: string;
  mode: PrepaymentMode;
  method: LoanInterestMethod;
  annualRate: string;
  frequency: LoanFrequency;
}

export interface PrepaymentResult {
  /** Every instalment: those due on or before `asOf` unchanged, then the new remaining plan. */
  instalments: InstalmentState[];
  /** The rows the new plan replaced, as they were (a reversal puts them back). */
  replaced: InstalmentState[];
  principalBefore: string;
  principalAfter: string;
}

/**
 * Reschedules the instalments not yet due after `prepayment` of principal (ADR 0046). The first of
 * them keeps the interest fixed at its period's start; from there the engine's conventions (ADR 0038)
 * run on the reduced balance. `reduce_term` keeps the instalment (EMI) or the principal share (equal
 * principal, flat) and drops periods; `reduce_instalment` keeps the periods and works the instalment
 * out again. Same due dates, same numbers; the last kept instalment takes what is left.
 */
export function applyPrepayment(input: ApplyPrepaymentInput): PrepaymentResult {
  input.instalments.forEach(checkState);
  const asOf = dayNumber(input.asOf);
  const sorted = [...input.instalments].sort(byDue);
  const kept = sorted.filter((i) => dayNumber(i.dueDate) <= asOf);
  const future = sorted.filter((i) => dayNumber(i.dueDate) > asOf);
  if (future.some((i) => REPAYMENT_COMPONENTS.some((c) => paid(i)[c] !== 0n)))
    throw new RangeError('applyPrepayment: an instalment not yet due is already partly paid');
  const before = future.reduce((s, i) => s + toCents(i.principalDue), 0n);
  const pre = toCents(input.prepayment);
  if (pre <= 0n || pre > before)
    throw new RangeError(
      'applyPrepayment: the prepayment must be above zero and at most the principal not yet due',
    );
  let balance = before - pre;
  const periods = PERIODS_PER_YEAR[input.frequency];
  const micros = rateMicros(input.annualRate);
  const d = 100_000_000n * BigInt(periods);
  const interestOn = (b: bigint) => divideHalfUp(b * micros, d);
  const m = future.length;
  // The level the plan keeps (reduce_term) or the one worked out again (reduce_instalment).
  const firstRepaying = future.find((i) => toCents(i.principalDue) > 0n) ?? future[0]!;
  const level =
    input.method === 'emi'
      ? input.mode === 'reduce_term'
        ? toCents(firstRepaying.principalDue) + toCents(firstRepaying.interestDue)
        : levelInstalment(balance, micros, d, m)
      : input.mode === 'reduce_term'
        ? toCents(firstRepaying.principalDue)
        : balance / BigInt(m);
  const rows: InstalmentState[] = [];
  for (let j = 0; j < m && balance > 0n; j++) {
    const old = future[j]!;
    const engineInterest = input.method === 'flat' ? toCents(old.interestDue) : interestOn(balance);
    const share = input.method === 'emi' ? level - engineInterest : level;
    let principal = share < 0n ? 0n : share > balance ? balance : share;
    if (j === m - 1) principal = balance;
    balance -= principal;
    rows.push({
      ...old,
      principalDue: fromCents(principal),
      // The period under way keeps the interest fixed on its opening balance: prepaying the day before
      // a due date must not save the month's interest. Flat interest stays per period kept.
      interestDue: j === 0 || input.method === 'flat' ? old.interestDue : fromCents(engineInterest),
    });
  }
  // Paying off every principal of the plan still leaves the period under way's interest owed.
  if (rows.length === 0 && future[0] && toCents(future[0].interestDue) > 0n)
    rows.push({ ...future[0], principalDue: '0.00' });
  return {
    instalments: [...kept, ...rows],
    replaced: future,
    principalBefore: fromCents(before),
    principalAfter: fromCents(before - pre),
  };
}

export interface PayoffQuoteInput {
  instalments: readonly InstalmentState[];
  annualRate: string;
  /** The settlement date. */
  asOf: string;
  /** Where accrual starts when no instalment is due on or before `asOf`: the disbursement date. */
  disbursementDate: string;
  /** Overrides the start of accrual (e.g. the last date the loans module accrued to). */
  lastAccrualDate?: string;
}

export interface PayoffQuote {
  asOf: string;
  principal: string;
  /** Interest of instalments due on or before `asOf`, not yet paid. */
  interestDue: string;
  /**
   * Actual/365 on the principal outstanding since `accruedFrom`, half-up to the cent once, at most
   * the interest of the next instalment (after the last due date, not capped).
   */
  interestAccrued: string;
  accruedFrom: string;
  days: number;
  fees: string;
  penalties: string;
  total: string;
}

/**
 * What settles the loan on `asOf` (ADR 0046): the principal outstanding, the unpaid interest of
 * instalments already due, interest accrued actual/365 from the last due date (or disbursement) to
 * `asOf` (at most the next instalment's interest), and the unpaid fees and penalties of instalments
 * already due. Nothing else of a future instalment's scheduled interest or fees.
 */
export function payoffQuote(input: PayoffQuoteInput): PayoffQuote {
  input.instalments.forEach(checkState);
  const asOf = dayNumber(input.asOf);
  if (asOf < dayNumber(input.disbursementDate))
    throw new RangeError('payoffQuote: the date is before the disbursement');
  const dueNow = input.instalments.filter((i) => dayNumber(i.dueDate) <= asOf);
  const lastDue = dueNow
    .map((i) => i.dueDate)
    .sort()
    .at(-1);
  const from = input.lastAccrualDate ?? lastDue ?? input.disbursementDate;
  const unpaid = (xs: readonly InstalmentState[], c: RepaymentComponent) =>
    xs.reduce((s, i) => s + due(i)[c] - paid(i)[c], 0n);
  const principal = unpaid(input.instalments, 'principal');
  const interestDue = unpaid(dueNow, 'interest');
  // Never more than the period under way's scheduled interest: a period longer than a twelfth of a
  // year (a due date moved past a weekend) must not make settling early dearer than waiting for it.
  const next = input.instalments.filter((i) => dayNumber(i.dueDate) > asOf).sort(byDue)[0];
  const byDay = toCents(accruedInterest(fromCents(principal), input.annualRate, from, input.asOf));
  const cap = next ? toCents(next.interestDue) : byDay;
  const accrued = byDay < cap ? byDay : cap;
  const fees = unpaid(dueNow, 'fee');
  const penalties = unpaid(input.instalments, 'penalty');
  return {
    asOf: input.asOf,
    principal: fromCents(principal),
    interestDue: fromCents(interestDue),
    interestAccrued: fromCents(accrued),
    accruedFrom: from,
    days: asOf - dayNumber(from),
    fees: fromCents(fees),
    penalties: fromCents(penalties),
    total: fromCents(principal + interestDue + accrued + fees + penalties),
  };
}

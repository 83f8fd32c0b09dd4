import { fromCents, rateMicros, toCents } from '../money.ts';
import {
  dayNumber,
  divideHalfUp,
  isoOfDay,
  nextBusinessDayNumber,
  periodsFrom,
  PERIODS_PER_YEAR,
} from './day-count.ts';
import type { LoanScheduleInput } from './schedule-input.ts';

/**
 * The loan schedule engine (ADR 0038): one pure function from the terms to every instalment, in
 * integer cents. Rates stay exact fractions (the periodic rate is micros ÷ (10⁸ × periods a year)), so
 * nothing is rounded but what the ADR rounds: each period's interest, the EMI, the flat total and the
 * even shares.
 */

export interface Instalment {
  number: number;
  /** Moved off weekends and holidays; the interest still counts whole periods. */
  dueDate: string;
  principal: string;
  interest: string;
  fees: string;
  total: string;
  /** The principal still owed after this instalment. */
  balanceAfter: string;
  /** Interest added to the principal instead of paid (full-grace periods), else 0.00. */
  capitalisedInterest: string;
  grace: 'full' | 'principal' | null;
}

export interface LoanScheduleTotals {
  principal: string;
  interest: string;
  fees: string;
  total: string;
  capitalisedInterest: string;
}

export interface LoanSchedule {
  instalments: Instalment[];
  totals: LoanScheduleTotals;
  /** The amount lent plus a capitalised processing fee: what the principal column repays before grace. */
  amountFinanced: string;
  /** What the customer receives: the amount lent less a deducted processing fee. */
  netDisbursed: string;
  processingFee: string;
  /** The level instalment of the EMI method (before fees); null for the other methods. */
  emi: string | null;
  periodsPerYear: number;
}

const gcd = (a: bigint, b: bigint): bigint => {
  while (b) [a, b] = [b, a % b];
  return a;
};

/** The periodic rate as the fraction r ÷ d in lowest terms (smaller powers for the EMI). */
function periodicRate(annualRate: string, periodsPerYear: number): { r: bigint; d: bigint } {
  const r = rateMicros(annualRate);
  const d = 100_000_000n * BigInt(periodsPerYear);
  const g = r === 0n ? d : gcd(r, d);
  return { r: r / g, d: d / g };
}

/**
 * EMI = P·i / (1 − (1 + i)^−m) with i = r/d, as one exact fraction:
 * P · r · (d + r)^m ÷ (d · ((d + r)^m − d^m)), rounded half-up once at the end; i = 0: P ÷ m.
 */
export function levelInstalment(principalCents: bigint, r: bigint, d: bigint, m: number): bigint {
  if (r === 0n) return divideHalfUp(principalCents, BigInt(m));
  const grown = (d + r) ** BigInt(m);
  return divideHalfUp(principalCents * r * grown, d * (grown - d ** BigInt(m)));
}

/** The n due dates: strictly increasing business days (ADR 0038). */
export function dueDates(input: LoanScheduleInput): string[] {
  const holidays = new Set((input.holidays ?? []).map(dayNumber));
  // Each date counts from one anchor, so a short month does not pull every later date earlier.
  const planned = input.firstDueDate
    ? periodsFrom(input.firstDueDate, input.frequency)
    : periodsFrom(input.disbursementDate, input.frequency);
  const offset = input.firstDueDate ? -1 : 0;
  const dates: string[] = [];
  let previous = dayNumber(input.disbursementDate);
  for (let k = 1; k <= input.instalments; k++) {
    let due = nextBusinessDayNumber(planned(k + offset), holidays);
    // A run of holidays longer than a period would otherwise give two instalments one date.
    if (due <= previous) due = nextBusinessDayNumber(previous + 1, holidays);
    dates.push(isoOfDay(due));
    previous = due;
  }
  return dates;
}

export function buildSchedule(input: LoanScheduleInput): LoanSchedule {
  const n = input.instalments;
  const graceFull = input.graceFull ?? 0;
  const gracePrincipal = input.gracePrincipal ?? 0;
  const repayments = n - graceFull - gracePrincipal;
  if (!Number.isInteger(n) || n < 1 || repayments < 1 || graceFull < 0 || gracePrincipal < 0)
    throw new RangeError('buildSchedule: grace must leave at least one repayment instalment');
  const periodsPerYear = PERIODS_PER_YEAR[input.frequency];
  const { r, d } = periodicRate(input.annualRate, periodsPerYear);
  const fee = toCents(input.processingFee ?? '0');
  const capitalisedFee = input.processingFeeMode === 'capitalised';
  const lent = toCents(input.principal);
  const financed = lent + (capitalisedFee ? fee : 0n);
  const insurance = toCents(input.insurancePerInstalment ?? '0');
  const dates = dueDates(input);

  // Flat: the whole term's interest on the amount financed, spread in equal shares rounded down; the
  // last instalment takes the remainder, so it is never negative.
  const flatTotal = divideHalfUp(financed * r * BigInt(n), d);
  const flatShare = flatTotal / BigInt(n);
  const interestFor = (k: number, balance: bigint) =>
    input.method !== 'flat'
      ? divideHalfUp(balance * r, d)
      : k === n
        ? flatTotal - flatShare * BigInt(n - 1)
        : flatShare;

  let balance = financed;
  let emi = 0n;
  let evenPrincipal = 0n;
  const rows: Instalment[] = [];
  const sum = { principal: 0n, interest: 0n, fees: 0n, capitalised: 0n };
  for (let k = 1; k <= n; k++) {
    const interest = interestFor(k, balance);
    let paidPrincipal = 0n;
    let paidInterest = interest;
    let capitalised = 0n;
    let fees = insurance;
    let grace: Instalment['grace'] = null;
    if (k <= graceFull) {
      grace = 'full';
      capitalised = interest;
      paidInterest = 0n;
      fees = 0n;
      balance += interest;
    } else if (k <= graceFull + gracePrincipal) {
      grace = 'principal';
    } else {
      if (k === graceFull + gracePrincipal + 1) {
        emi = levelInstalment(balance, r, d, repayments);
        evenPrincipal = balance / BigInt(repayments);
      }
      const share = input.method === 'emi' ? emi - interest : evenPrincipal;
      paidPrincipal = k === n ? balance : share < 0n ? 0n : share > balance ? balance : share;
      balance -= paidPrincipal;
    }
    sum.principal += paidPrincipal;
    sum.interest += paidInterest;
    sum.fees += fees;
    sum.capitalised += capitalised;
    rows.push({
      number: k,
      dueDate: dates[k - 1]!,
      principal: fromCents(paidPrincipal),
      interest: fromCents(paidInterest),
      fees: fromCents(fees),
      total: fromCents(paidPrincipal + paidInterest + fees),
      balanceAfter: fromCents(balance),
      capitalisedInterest: fromCents(capitalised),
      grace,
    });
  }
  return {
    instalments: rows,
    totals: {
      principal: fromCents(sum.principal),
      interest: fromCents(sum.interest),
      fees: fromCents(sum.fees),
      total: fromCents(sum.principal + sum.interest + sum.fees),
      capitalisedInterest: fromCents(sum.capitalised),
    },
    amountFinanced: fromCents(financed),
    netDisbursed: fromCents(lent - (capitalisedFee ? 0n : fee)),
    processingFee: fromCents(fee),
    emi: input.method === 'emi' ? fromCents(emi) : null,
    periodsPerYear,
  };
}

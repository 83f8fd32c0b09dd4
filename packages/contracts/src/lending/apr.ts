import { fromCents, toCents } from '../money.ts';
import type { LoanSchedule } from './schedule.ts';

/**
 * The annual percentage rate (ADR 0038): the periodic rate i at which the instalments, discounted one
 * period each, are worth exactly what the customer received (an IRR), times the periods in a year.
 * Found by bisection in integer fixed point (10⁻³⁰), so no float touches the amounts; returned in
 * percent, rounded half-up to 2 decimals.
 */

const SCALE = 10n ** 30n;
/** The bisection stops when the periodic rate is known within 10⁻¹⁵, far below the 0.005% printed. */
const TOLERANCE = 10n ** 15n;
/** 1000% a period: far above any loan; beyond it the APR is reported as that ceiling. */
const CEILING = 10n * SCALE;

/** Present value, in cents × SCALE, of `payments` (cents) due 1, 2, … periods away at rate `rate`/SCALE. */
function presentValue(payments: readonly bigint[], rate: bigint): bigint {
  const discount = (SCALE * SCALE) / (SCALE + rate);
  let factor = SCALE;
  let value = 0n;
  for (const payment of payments) {
    factor = (factor * discount) / SCALE;
    value += payment * factor;
  }
  return value;
}

export function annualPercentageRate(args: {
  netReceived: string;
  payments: readonly string[];
  periodsPerYear: number;
}): string {
  const net = toCents(args.netReceived);
  const payments = args.payments.map(toCents);
  if (net <= 0n || payments.length === 0) throw new RangeError('APR: nothing received or nothing repaid');
  const target = net * SCALE;
  // Repaying no more than was received costs nothing: the APR is 0 (a negative rate is not quoted).
  if (presentValue(payments, 0n) <= target) return '0.00';
  let low = 0n;
  let high = CEILING;
  if (presentValue(payments, high) > target) low = high;
  while (high - low > TOLERANCE) {
    const mid = (low + high) / 2n;
    // The value falls as the rate rises: too much value means the rate is higher.
    if (presentValue(payments, mid) > target) low = mid;
    else high = mid;
  }
  // rate × periods × 100 in percent, to the hundredth: × 10⁴ gives hundredths of a percent.
  const hundredths = (2n * low * BigInt(args.periodsPerYear) * 10_000n + SCALE) / (2n * SCALE);
  return fromCents(hundredths);
}

/** The APR of a schedule: what the customer received against every instalment's total. */
export const scheduleApr = (schedule: LoanSchedule): string =>
  annualPercentageRate({
    netReceived: schedule.netDisbursed,
    payments: schedule.instalments.map((i) => i.total),
    periodsPerYear: schedule.periodsPerYear,
  });

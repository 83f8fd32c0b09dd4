import type { DepositProductType, ProductTerms } from '@bankmanager/contracts';

/**
 * The terms as the form holds them: every input is a string (an empty box is '', never NaN), the
 * fixed-deposit block always present. `termsFromValues` turns them into the contract's shape for the
 * product's type; the contract's schema then judges that shape, so the server and the form agree.
 */
export interface TermsValues {
  effectiveFrom: string;
  minOpeningBalance: string;
  minOperatingBalance: string;
  creditRate: string;
  creditTiers: { minBalance: string; rate: string }[];
  postingFrequency: string;
  debitRate: string;
  monthlyFee: string;
  belowMinimumFee: string;
  closureFee: string;
  dormancyDays: string;
  fixedDeposit: {
    tenors: { months: string; rate: string }[];
    rollover: string[];
    earlyWithdrawalPenaltyRate: string;
  };
}

export const emptyTerms = (effectiveFrom: string): TermsValues => ({
  effectiveFrom,
  minOpeningBalance: '0.00',
  minOperatingBalance: '0.00',
  creditRate: '',
  creditTiers: [],
  postingFrequency: 'monthly',
  debitRate: '',
  monthlyFee: '0.00',
  belowMinimumFee: '0.00',
  closureFee: '0.00',
  dormancyDays: '365',
  fixedDeposit: { tenors: [{ months: '12', rate: '' }], rollover: ['none'], earlyWithdrawalPenaltyRate: '' },
});

/** A version's terms as form values, for a new version that starts from the one in force. */
export function termsToValues(t: ProductTerms, effectiveFrom: string): TermsValues {
  const empty = emptyTerms(effectiveFrom);
  return {
    ...t,
    effectiveFrom,
    creditTiers: t.creditTiers.map((x) => ({ ...x })),
    debitRate: t.debitRate ?? '',
    dormancyDays: String(t.dormancyDays),
    fixedDeposit: t.fixedDeposit
      ? {
          tenors: t.fixedDeposit.tenors.map((x) => ({ months: String(x.months), rate: x.rate })),
          rollover: [...t.fixedDeposit.rollover],
          earlyWithdrawalPenaltyRate: t.fixedDeposit.earlyWithdrawalPenaltyRate,
        }
      : empty.fixedDeposit,
  };
}

/** A whole number as typed, else -1 so the contract's own range message shows (not "NaN"). */
const wholeNumber = (s: string) => (/^\d{1,6}$/.test(s.trim()) ? Number(s.trim()) : -1);

/** A checkbox group's value: react-hook-form gives an array, or false when one box is registered. */
const asList = (v: unknown): string[] =>
  Array.isArray(v) ? (v as string[]) : typeof v === 'string' ? [v] : [];

/** The contract's terms for a product of `type` (unknown: the schema decides whether it is valid). */
export function termsFromValues(v: TermsValues, type: DepositProductType | ''): unknown {
  const trim = (s: string) => s.trim();
  return {
    effectiveFrom: v.effectiveFrom,
    minOpeningBalance: trim(v.minOpeningBalance),
    minOperatingBalance: trim(v.minOperatingBalance),
    creditRate: trim(v.creditRate),
    creditTiers: v.creditTiers.map((x) => ({ minBalance: trim(x.minBalance), rate: trim(x.rate) })),
    dayCount: 'actual/365',
    postingFrequency: v.postingFrequency,
    // Only current accounts charge overdraft interest; an empty box means none.
    debitRate: type === 'Current' && trim(v.debitRate) ? trim(v.debitRate) : null,
    monthlyFee: trim(v.monthlyFee),
    belowMinimumFee: trim(v.belowMinimumFee),
    closureFee: trim(v.closureFee),
    dormancyDays: wholeNumber(v.dormancyDays),
    fixedDeposit:
      type === 'Fixed Deposit'
        ? {
            tenors: v.fixedDeposit.tenors.map((x) => ({ months: wholeNumber(x.months), rate: trim(x.rate) })),
            rollover: asList(v.fixedDeposit.rollover),
            earlyWithdrawalPenaltyRate: trim(v.fixedDeposit.earlyWithdrawalPenaltyRate),
          }
        : null,
  };
}

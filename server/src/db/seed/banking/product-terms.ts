import type { productVersions } from '../../schema/banking.ts';

type VersionRow = typeof productVersions.$inferInsert;

/**
 * Version 1 of each deposit product's terms, in force since before the first seeded
 * account. Believable for a Sierra Leone commercial bank in 2026 (after the 2022 redenomination):
 * Leone savings around 5%, fixed deposits 8–12% by tenor, USD deposits low, overdrafts at 24%.
 * The loan product gets its terms with the loans issue.
 */
const EFFECTIVE_FROM = '2015-01-01';

const base = {
  version: 1,
  effectiveFrom: EFFECTIVE_FROM,
  creditTiers: [],
  debitRate: null,
  dayCount: 'actual/365',
  fixedDeposit: null,
} as const;

export const PRODUCT_TERMS: VersionRow[] = [
  {
    ...base,
    productCode: 'CUR-SLE',
    creditRate: '0.0000',
    debitRate: '24.0000',
    minOpeningBalance: '500.00',
    minOperatingBalance: '200.00',
    monthlyFee: '25.00',
    belowMinimumFee: '10.00',
    closureFee: '50.00',
    dormancyDays: 365,
    postingFrequency: 'quarterly',
  },
  {
    ...base,
    productCode: 'CUR-USD',
    creditRate: '0.0000',
    debitRate: null,
    minOpeningBalance: '100.00',
    minOperatingBalance: '50.00',
    monthlyFee: '2.00',
    belowMinimumFee: '1.00',
    closureFee: '5.00',
    dormancyDays: 365,
    postingFrequency: 'quarterly',
  },
  {
    ...base,
    productCode: 'SAV-SLE',
    creditRate: '5.0000',
    creditTiers: [
      { minBalance: '0.00', rate: '4.0000' },
      { minBalance: '10000.00', rate: '5.0000' },
      { minBalance: '100000.00', rate: '6.0000' },
    ],
    minOpeningBalance: '100.00',
    minOperatingBalance: '50.00',
    monthlyFee: '0.00',
    belowMinimumFee: '5.00',
    closureFee: '25.00',
    dormancyDays: 365,
    postingFrequency: 'monthly',
  },
  {
    ...base,
    productCode: 'SAV-USD',
    creditRate: '1.5000',
    minOpeningBalance: '10.00',
    minOperatingBalance: '10.00',
    monthlyFee: '0.00',
    belowMinimumFee: '1.00',
    closureFee: '2.00',
    dormancyDays: 365,
    postingFrequency: 'quarterly',
  },
  {
    ...base,
    productCode: 'FD-SLE',
    creditRate: '12.0000',
    minOpeningBalance: '5000.00',
    minOperatingBalance: '5000.00',
    monthlyFee: '0.00',
    belowMinimumFee: '0.00',
    closureFee: '0.00',
    dormancyDays: 730,
    postingFrequency: 'monthly',
    fixedDeposit: {
      tenors: [
        { months: 3, rate: '8.0000' },
        { months: 6, rate: '10.0000' },
        { months: 12, rate: '12.0000' },
      ],
      rollover: ['none', 'principal', 'principal_and_interest'],
      earlyWithdrawalPenaltyRate: '2.0000',
    },
  },
  {
    ...base,
    productCode: 'FD-USD',
    creditRate: '3.0000',
    minOpeningBalance: '1000.00',
    minOperatingBalance: '1000.00',
    monthlyFee: '0.00',
    belowMinimumFee: '0.00',
    closureFee: '0.00',
    dormancyDays: 730,
    postingFrequency: 'monthly',
    fixedDeposit: {
      tenors: [
        { months: 3, rate: '2.0000' },
        { months: 6, rate: '2.5000' },
        { months: 12, rate: '3.0000' },
      ],
      rollover: ['none', 'principal', 'principal_and_interest'],
      earlyWithdrawalPenaltyRate: '1.0000',
    },
  },
  {
    ...base,
    productCode: 'MW-SLE',
    creditRate: '0.0000',
    minOpeningBalance: '0.00',
    minOperatingBalance: '0.00',
    monthlyFee: '0.00',
    belowMinimumFee: '0.00',
    closureFee: '0.00',
    dormancyDays: 180,
    postingFrequency: 'quarterly',
  },
];

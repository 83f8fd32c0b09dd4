import { z } from 'zod';
import { currencySchema } from '../banking.ts';
import { SECTOR_CODE_LIST } from '../customers/reference-data.ts';
import { compareAmounts, fromCents, toCents } from '../money.ts';
import { pageQuerySchema } from '../paging.ts';
import type { Permission } from '../permissions.ts';
import { MAX_LOAN_TERM, loanRateSchema } from './products.ts';

/**
 * Loan applications (docs/loan-applications.md): what a customer asks to borrow, the credit officer's
 * appraisal and the decision by authority. The Approved row is what disbursement reads.
 */
export const LOAN_APPLICATION_STATUSES = [
  'Draft',
  'Submitted',
  'Appraised',
  'Approved',
  'Rejected',
  'Withdrawn',
  // The application's last state: the loan it made is Active from then on (the loans table, ADR 0045).
  'Disbursed',
  // Declared for servicing; no transition below reaches them yet.
  'Active',
  'Closed',
  'Written off',
] as const;
export type LoanApplicationStatus = (typeof LOAN_APPLICATION_STATUSES)[number];

export const LOAN_APPLICATION_ACTIONS = [
  'create',
  'edit',
  'submit',
  'appraise',
  'approve',
  'reject',
  'withdraw',
  'disburse',
] as const;
export type LoanApplicationAction = (typeof LOAN_APPLICATION_ACTIONS)[number];

export interface LoanApplicationTransition {
  /** States the action starts from; empty for the one that creates the application. */
  from: readonly LoanApplicationStatus[];
  to: LoanApplicationStatus;
  permission: Permission;
  /** A second person decides (through the approvals inbox) before the state changes. */
  fourEyes: boolean;
  /** The audit row's action. */
  audit: string;
  label: string;
}

/**
 * The lifecycle, one row per action: the server refuses an action from any other state, the screen
 * shows a button only where the row and the user's permissions allow it. Disbursement adds its own
 * rows (Approved → Disbursed, four-eyes) here.
 */
export const LOAN_APPLICATION_TRANSITIONS: Record<LoanApplicationAction, LoanApplicationTransition> = {
  create: {
    from: [],
    to: 'Draft',
    permission: 'loans.apply',
    fourEyes: false,
    audit: 'loan_application.create',
    label: 'Save draft',
  },
  edit: {
    from: ['Draft'],
    to: 'Draft',
    permission: 'loans.apply',
    fourEyes: false,
    audit: 'loan_application.edit',
    label: 'Save changes',
  },
  submit: {
    from: ['Draft'],
    to: 'Submitted',
    permission: 'loans.apply',
    fourEyes: false,
    audit: 'loan_application.submit',
    label: 'Submit for appraisal',
  },
  // Again from Appraised when the approval request ended without a decision (expired or withdrawn).
  appraise: {
    from: ['Submitted', 'Appraised'],
    to: 'Appraised',
    permission: 'loans.appraise',
    fourEyes: false,
    audit: 'loan_application.appraise',
    label: 'Record appraisal',
  },
  approve: {
    from: ['Appraised'],
    to: 'Approved',
    permission: 'loans.approve',
    fourEyes: true,
    audit: 'loan_application.approve',
    label: 'Approve',
  },
  reject: {
    from: ['Submitted', 'Appraised'],
    to: 'Rejected',
    permission: 'loans.appraise',
    fourEyes: false,
    audit: 'loan_application.reject',
    label: 'Reject',
  },
  withdraw: {
    from: ['Draft', 'Submitted', 'Appraised'],
    to: 'Withdrawn',
    permission: 'loans.apply',
    fourEyes: false,
    audit: 'loan_application.withdraw',
    label: 'Withdraw',
  },
  // The request needs loans.apply (the officer who services the borrower asks); the checker holds
  // loans.approve in the application's branch (approvals policy 'loan_application.disburse').
  disburse: {
    from: ['Approved'],
    to: 'Disbursed',
    permission: 'loans.apply',
    fourEyes: true,
    audit: 'loan_application.disburse',
    label: 'Disburse',
  },
};

/** The actions allowed from a state (before permissions). */
export const loanApplicationActionsFrom = (status: LoanApplicationStatus): LoanApplicationAction[] =>
  LOAN_APPLICATION_ACTIONS.filter((a) => LOAN_APPLICATION_TRANSITIONS[a].from.includes(status));

/**
 * Approval authority by amount, as data: the first tier whose limit in the loan's currency covers
 * the amount decides. A tier without a limit in that currency is skipped. The US dollar limits are
 * demo assumptions near the Leone ones at the demo rate (docs/loan-applications.md).
 */
export const LOAN_APPROVAL_AUTHORITIES = [
  {
    key: 'branch_manager',
    label: 'Branch Manager',
    approvalType: 'loan_application.approve',
    permission: 'loans.approve',
    upTo: { SLE: '50000.00', USD: '2000.00' } as Partial<Record<string, string>>,
    approvers: 1,
  },
  {
    key: 'head_of_credit',
    label: 'Head of Credit',
    approvalType: 'loan_application.approve_large',
    permission: 'loans.approve_large',
    upTo: { SLE: '500000.00', USD: '20000.00' } as Partial<Record<string, string>>,
    approvers: 1,
  },
  {
    key: 'credit_committee',
    label: 'Credit Committee',
    approvalType: 'loan_application.committee',
    permission: 'loans.committee',
    upTo: null,
    approvers: 2,
  },
] as const;
export type LoanApprovalAuthority = (typeof LOAN_APPROVAL_AUTHORITIES)[number];
export const LOAN_APPROVAL_TYPES = LOAN_APPROVAL_AUTHORITIES.map((a) => a.approvalType);

/** Who decides a loan of this amount. */
export function loanApprovalAuthority(amount: string, currency: string): LoanApprovalAuthority {
  for (const a of LOAN_APPROVAL_AUTHORITIES) {
    const limit = a.upTo?.[currency];
    if (a.upTo === null || (limit !== undefined && compareAmounts(amount, limit) <= 0)) return a;
  }
  return LOAN_APPROVAL_AUTHORITIES[LOAN_APPROVAL_AUTHORITIES.length - 1]!;
}

/**
 * Collateral types and the haircut taken off each one's forced-sale value (data; the bank's credit
 * policy sets them): cash under lien is worth its face, gold a little less, land slowly realised.
 */
export const COLLATERAL_TYPES = {
  land_title: { label: 'Land title', haircutPercent: '40' },
  vehicle: { label: 'Vehicle', haircutPercent: '50' },
  cash_deposit: { label: 'Cash deposit', haircutPercent: '0' },
  gold: { label: 'Gold', haircutPercent: '20' },
  equipment: { label: 'Equipment', haircutPercent: '50' },
} as const;
export type CollateralType = keyof typeof COLLATERAL_TYPES;
export const COLLATERAL_TYPE_LIST = Object.keys(COLLATERAL_TYPES) as [CollateralType, ...CollateralType[]];

/**
 * Single-obligor concentration: a customer's unsecured exposure above this share of the bank's capital
 * (the equity GL accounts' balance) is flagged. 10% follows the Bank of Sierra Leone's guidance.
 */
export const SINGLE_OBLIGOR_SHARE_PERCENT = '10';

export const LOAN_FLAGS = {
  pep: 'Politically exposed person',
  high_risk: 'High-risk customer',
  related_party: 'Related party (a member of staff)',
  concentration: 'Single-obligor concentration over the share of capital',
  dsr: 'Instalments over the product’s debt-service ratio',
} as const;
export type LoanFlag = keyof typeof LOAN_FLAGS;

export const LOAN_RECOMMENDATIONS = ['approve', 'decline'] as const;

export const LOAN_APPLICATION_TEXT = {
  notFound: 'No loan application with this id.',
  customerNotFound: 'No customer with this id.',
  customerNotActive: 'The customer must be Active to borrow.',
  kycIncomplete: 'The customer’s KYC is incomplete: complete it before applying.',
  productNotFound: 'No active loan product with this code.',
  amountRange: (min: string, max: string) => `The product lends from ${min} to ${max}.`,
  termRange: (min: number, max: number) => `The product's term is ${min} to ${max} instalments.`,
  rateRange: (min: string, max: string) => `The product's rate is ${min}% to ${max}% a year.`,
  repaymentAccount: 'The repayment account must be an Active current or savings account of the borrower.',
  repaymentCurrency: 'The repayment account must be in the loan’s currency.',
  guarantorIsBorrower: 'The borrower cannot guarantee their own loan.',
  guarantorNotFound: 'No customer with this id.',
  guarantorTwice: 'Each guarantor once.',
  collateralNegative: 'Collateral values cannot be negative.',
  forcedSaleOverMarket: 'The forced-sale value cannot exceed the market value.',
  salaryRequired: 'A salary loan needs the employer, the net monthly salary and existing obligations.',
  amount: 'Enter an amount above zero, with at most 2 decimals',
  value: 'Enter an amount with at most 2 decimals',
  term: `Enter a number of instalments from 1 to ${MAX_LOAN_TERM}`,
  required: 'Required',
  wrongState: (status: string, action: string) => `An application that is ${status} cannot be ${action}.`,
  pendingApproval: 'An approval request is pending for this application; decide or withdraw it first.',
  overrideRequired: 'Flags or a debt-service ratio over the limit need a written override reason.',
  reason: 'Please give a reason',
  applicant: 'You took this application; another person must approve it.',
  sameVoter: 'You have already approved this application; a second committee member must approve it.',
} as const;

const T = LOAN_APPLICATION_TEXT;
const amount = z
  .string()
  .regex(/^\d{1,16}(\.\d{1,2})?$/, T.amount)
  .refine((v) => /[1-9]/.test(v), T.amount);
/** A value that may be zero; a minus sign is read so the refusal can say what is wrong. */
const collateralValue = z
  .string()
  .regex(/^-?\d{1,16}(\.\d{1,2})?$/, T.value)
  .refine((v) => !v.startsWith('-') || !/[1-9]/.test(v), T.collateralNegative);
const nonNegative = z.string().regex(/^\d{1,16}(\.\d{1,2})?$/, T.value);
const text = (max: number) => z.string().trim().min(1, T.required).max(max);

export const loanGuarantorInputSchema = z.object({
  custId: z.number().int().positive(),
  amount,
});
export const loanCollateralInputSchema = z
  .object({
    type: z.enum(COLLATERAL_TYPE_LIST),
    description: text(200),
    marketValue: collateralValue,
    forcedSaleValue: collateralValue,
  })
  .superRefine((c, ctx) => {
    const ok = (v: string) => /^\d{1,16}(\.\d{1,2})?$/.test(v);
    if (ok(c.marketValue) && ok(c.forcedSaleValue) && compareAmounts(c.forcedSaleValue, c.marketValue) > 0)
      ctx.addIssue({ code: 'custom', path: ['forcedSaleValue'], message: T.forcedSaleOverMarket });
  });

export const loanSalarySchema = z.object({
  employer: text(120),
  netMonthlySalary: amount,
  monthlyObligations: nonNegative,
});

/** POST /api/loan-applications (a Draft) and PUT /api/loan-applications/:id (a Draft's new content). */
export const loanApplicationInputSchema = z
  .object({
    custId: z.number({ error: T.required }).int().positive(),
    productCode: z.string().min(1, T.required).max(12),
    amount,
    term: z.number({ error: T.term }).int(T.term).min(1, T.term).max(MAX_LOAN_TERM, T.term),
    /** Percent a year; unset: the product's typical rate. */
    rate: loanRateSchema.optional(),
    sector: z.enum(SECTOR_CODE_LIST),
    purpose: z.string().trim().max(500).default(''),
    repaymentAccount: z.string().min(1, T.required).max(20),
    /** Salary loans (a product with a debt-service ratio) only. */
    salary: loanSalarySchema.nullable().default(null),
    guarantors: z.array(loanGuarantorInputSchema).max(10).default([]),
    collateral: z.array(loanCollateralInputSchema).max(20).default([]),
  })
  .superRefine((a, ctx) => {
    a.guarantors.forEach((g, i) => {
      if (g.custId === a.custId)
        ctx.addIssue({ code: 'custom', path: ['guarantors', i, 'custId'], message: T.guarantorIsBorrower });
      if (a.guarantors.findIndex((o) => o.custId === g.custId) < i)
        ctx.addIssue({ code: 'custom', path: ['guarantors', i, 'custId'], message: T.guarantorTwice });
    });
  });
export type LoanApplicationInput = z.input<typeof loanApplicationInputSchema>;
export type LoanApplicationBody = z.infer<typeof loanApplicationInputSchema>;

/** The collateral's worth to the bank: forced-sale value less the type's haircut, to the cent (down). */
export function collateralLendingValue(type: CollateralType, forcedSaleValue: string): string {
  const keep = 100n - BigInt(COLLATERAL_TYPES[type].haircutPercent);
  return fromCents((toCents(forcedSaleValue) * keep) / 100n);
}

/** Σ lending value ÷ amount, in percent with 2 decimals (rounded down); null without collateral. */
export function coverageRatio(
  collateral: readonly { type: CollateralType; forcedSaleValue: string }[],
  loanAmount: string,
): string | null {
  if (collateral.length === 0) return null;
  const cover = collateral.reduce(
    (s, c) => s + toCents(collateralLendingValue(c.type, c.forcedSaleValue)),
    0n,
  );
  return fromCents((cover * 10_000n) / toCents(loanAmount));
}

export const loanAppraiseSchema = z.object({
  recommendation: z.enum(LOAN_RECOMMENDATIONS),
  notes: text(2000),
  /** Required when the appraisal shows a flag or a debt-service ratio over the product's. */
  overrideReason: z.string().trim().max(1000).optional(),
});
export type LoanAppraise = z.infer<typeof loanAppraiseSchema>;
export const loanReasonSchema = z.object({ reason: text(500) });

export const loanApplicationIdParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

const instalmentSchema = z.object({
  number: z.number().int(),
  dueDate: z.string(),
  principal: z.string(),
  interest: z.string(),
  fees: z.string(),
  total: z.string(),
  balanceAfter: z.string(),
  capitalisedInterest: z.string(),
  grace: z.enum(['full', 'principal']).nullable(),
});
export const loanSchedulePreviewSchema = z.object({
  instalments: z.array(instalmentSchema),
  totals: z.object({
    principal: z.string(),
    interest: z.string(),
    fees: z.string(),
    total: z.string(),
    capitalisedInterest: z.string(),
  }),
  amountFinanced: z.string(),
  netDisbursed: z.string(),
  processingFee: z.string(),
  emi: z.string().nullable(),
  periodsPerYear: z.number().int(),
});

/** What the appraisal view shows: worked out from the application, the customer and the ledger now. */
export const loanAppraisalFactsSchema = z.object({
  schedule: loanSchedulePreviewSchema,
  /** Salary loans: (obligations + largest instalment) ÷ net monthly salary, in percent. */
  dsr: z
    .object({
      ratio: z.string(),
      max: z.string(),
      instalment: z.string(),
      over: z.boolean(),
    })
    .nullable(),
  exposure: z.object({
    loans: z.array(z.object({ accountNumber: z.string(), outstanding: z.string() })),
    approvedApplications: z.array(z.object({ id: z.number().int(), amount: z.string() })),
    /** Existing loans + approved applications + this one. */
    total: z.string(),
    /** The total less this application's collateral lending value (never below zero). */
    unsecured: z.string(),
    capital: z.string(),
    sharePercent: z.string(),
    limit: z.string(),
  }),
  flags: z.array(
    z.object({ code: z.enum(Object.keys(LOAN_FLAGS) as [LoanFlag, ...LoanFlag[]]), label: z.string() }),
  ),
  authority: z.object({ key: z.string(), label: z.string(), approvers: z.number().int() }),
  coverageRatio: z.string().nullable(),
});
export type LoanAppraisalFacts = z.infer<typeof loanAppraisalFactsSchema>;

export const loanApplicationEventSchema = z.object({
  action: z.string(),
  fromStatus: z.enum(LOAN_APPLICATION_STATUSES).nullable(),
  toStatus: z.enum(LOAN_APPLICATION_STATUSES),
  actorEmail: z.string(),
  reason: z.string().nullable(),
  approvalId: z.string().nullable(),
  at: z.string(),
});

export const loanApplicationSchema = z.object({
  id: z.number().int(),
  status: z.enum(LOAN_APPLICATION_STATUSES),
  custId: z.number().int(),
  customerName: z.string(),
  branch: z.string(),
  productCode: z.string(),
  productName: z.string(),
  /** The product version the application was written under. */
  productVersion: z.number().int(),
  currency: currencySchema,
  amount: z.string(),
  term: z.number().int(),
  rate: z.string(),
  sector: z.string(),
  purpose: z.string(),
  repaymentAccount: z.string(),
  salary: z
    .object({ employer: z.string(), netMonthlySalary: z.string(), monthlyObligations: z.string() })
    .nullable(),
  guarantors: z.array(z.object({ custId: z.number().int(), name: z.string(), amount: z.string() })),
  collateral: z.array(
    z.object({
      type: z.enum(COLLATERAL_TYPE_LIST),
      description: z.string(),
      marketValue: z.string(),
      forcedSaleValue: z.string(),
      haircutPercent: z.string(),
      lendingValue: z.string(),
    }),
  ),
  coverageRatio: z.string().nullable(),
  officerId: z.string(),
  officerEmail: z.string(),
  recommendation: z.enum(LOAN_RECOMMENDATIONS).nullable(),
  appraisalNotes: z.string().nullable(),
  overrideReason: z.string().nullable(),
  /** The facts as recorded at appraisal (null before). */
  appraisal: loanAppraisalFactsSchema.omit({ schedule: true }).nullable(),
  appraisedByEmail: z.string().nullable(),
  authority: z.string(),
  /** The pending four-eyes request, if any. */
  pendingApprovalId: z.string().nullable(),
  decisionReason: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Every state change, oldest first (GET one only; [] in the list). */
  history: z.array(loanApplicationEventSchema),
});
export type LoanApplication = z.infer<typeof loanApplicationSchema>;

export const LOAN_APPLICATION_SORTS = ['created', 'amount', 'status', 'id'] as const;

/** GET /api/loan-applications: a page, filtered and sorted in the database. */
export const loanApplicationListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(LOAN_APPLICATION_SORTS).default('created'),
  order: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(LOAN_APPLICATION_STATUSES).optional(),
  branch: z.string().max(8).optional(),
  officer: z.uuid().optional(),
  product: z.string().max(12).optional(),
  custId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
});
export type LoanApplicationListQuery = z.infer<typeof loanApplicationListQuerySchema>;

export const loanApplicationAnswerSchema = z.object({
  application: loanApplicationSchema,
  /** Set when the action placed a four-eyes request (appraisal, a committee's first vote). */
  approvalId: z.string().nullable(),
});

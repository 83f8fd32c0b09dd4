import {
  DEFAULT_ALLOCATION_ORDER,
  type LoanProduct,
  type LoanProductGl,
  type LoanProductTerms,
} from '@bankmanager/contracts';

/** The terms as the inputs hold them: every figure a string, as typed. */
export interface TermsValues {
  interestMethod: string;
  repaymentFrequency: string;
  amount: { min: string; max: string };
  term: { min: string; max: string };
  rate: { min: string; max: string; default: string };
  grace: { maxPrincipalOnly: string; maxFull: string };
  processingFee: { kind: string; value: string; treatment: string };
  insuranceRate: string;
  penalty: { kind: string; value: string; toleranceDays: string };
  allocationOrder: string[];
  prepayment: string;
  maxDebtServiceRatio: string;
}

export interface CreateValues {
  code: string;
  name: string;
  currency: string;
  gl: LoanProductGl;
  terms: TermsValues;
}

export interface ChangeValues {
  name: string;
  status: string;
  gl: LoanProductGl;
  /** Ticked: the terms below go as a new version, for loans written from its approval on. */
  newVersion: boolean;
  terms: TermsValues;
  reason: string;
}

/** The chart's loan accounts (Leone portfolio; 1411 holds US dollar loans). */
export const DEFAULT_GL: LoanProductGl = {
  portfolio: '1410',
  interestReceivable: '1421',
  interestIncome: '4011',
  feeIncome: '4021',
  penaltyIncome: '4040',
};

export const EMPTY_TERMS: TermsValues = {
  interestMethod: 'emi',
  repaymentFrequency: 'monthly',
  amount: { min: '', max: '' },
  term: { min: '', max: '' },
  rate: { min: '', max: '', default: '' },
  grace: { maxPrincipalOnly: '0', maxFull: '0' },
  processingFee: { kind: 'percent', value: '0', treatment: 'deducted' },
  insuranceRate: '',
  penalty: { kind: 'percent', value: '0', toleranceDays: '0' },
  allocationOrder: [...DEFAULT_ALLOCATION_ORDER],
  prepayment: 'reduce_term',
  maxDebtServiceRatio: '',
};

/** A whole number as typed, else the text itself, so the contract names the field with its own message. */
const whole = (s: string): unknown => (/^\s*\d+\s*$/.test(s) ? Number(s) : s.trim() === '' ? undefined : s);
const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The inputs' strings as the contract's terms (the contract then judges them). */
export const termsBody = (t: TermsValues): unknown => ({
  interestMethod: t.interestMethod,
  repaymentFrequency: t.repaymentFrequency,
  amount: { min: t.amount.min.trim(), max: t.amount.max.trim() },
  term: { min: whole(t.term.min), max: whole(t.term.max) },
  rate: { min: t.rate.min.trim(), max: t.rate.max.trim(), default: t.rate.default.trim() },
  grace: { maxPrincipalOnly: whole(t.grace.maxPrincipalOnly), maxFull: whole(t.grace.maxFull) },
  processingFee: { ...t.processingFee, value: t.processingFee.value.trim() },
  insuranceRate: orNull(t.insuranceRate),
  penalty: {
    kind: t.penalty.kind,
    value: t.penalty.value.trim(),
    toleranceDays: whole(t.penalty.toleranceDays),
  },
  allocationOrder: t.allocationOrder,
  prepayment: t.prepayment,
  maxDebtServiceRatio: orNull(t.maxDebtServiceRatio),
});

/** A version's terms as inputs: the change form starts from the newest version. */
export const termsValues = (t: LoanProductTerms): TermsValues => ({
  ...t,
  term: { min: String(t.term.min), max: String(t.term.max) },
  grace: { maxPrincipalOnly: String(t.grace.maxPrincipalOnly), maxFull: String(t.grace.maxFull) },
  insuranceRate: t.insuranceRate ?? '',
  penalty: { ...t.penalty, toleranceDays: String(t.penalty.toleranceDays) },
  allocationOrder: [...t.allocationOrder],
  maxDebtServiceRatio: t.maxDebtServiceRatio ?? '',
});

const trimGl = (gl: LoanProductGl) =>
  Object.fromEntries(Object.entries(gl).map(([k, c]) => [k, c.trim()])) as LoanProductGl;

export const createBody = (v: CreateValues): unknown => ({
  code: v.code.trim().toUpperCase(),
  name: v.name,
  currency: v.currency,
  gl: trimGl(v.gl),
  terms: termsBody(v.terms),
});

/** Only what changed goes to the server: the checker sees exactly what the maker means to change. */
export const changeBody =
  (p: LoanProduct) =>
  (v: ChangeValues): Record<string, unknown> => {
    const gl = trimGl(v.gl);
    const glChanged = (Object.keys(gl) as (keyof LoanProductGl)[]).some((k) => gl[k] !== p.gl[k]);
    return {
      ...(v.name.trim() !== p.name ? { name: v.name } : {}),
      ...(v.status !== p.status ? { status: v.status } : {}),
      ...(glChanged ? { gl } : {}),
      ...(v.newVersion ? { terms: termsBody(v.terms) } : {}),
      reason: v.reason,
    };
  };

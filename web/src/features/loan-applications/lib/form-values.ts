import type { CollateralType, LoanApplication, LoanApplicationBody } from '@bankmanager/contracts';

/** The form's values: what the inputs hold (strings), turned into the contract's body to be judged. */
export interface ApplicationValues {
  custId: string;
  productCode: string;
  amount: string;
  term: string;
  rate: string;
  sector: string;
  purpose: string;
  repaymentAccount: string;
  salaryLoan: boolean;
  salary: { employer: string; netMonthlySalary: string; monthlyObligations: string };
  guarantors: { custId: string; amount: string }[];
  collateral: { type: CollateralType; description: string; marketValue: string; forcedSaleValue: string }[];
}

export const EMPTY_APPLICATION: ApplicationValues = {
  custId: '',
  productCode: 'SAL-SLE',
  amount: '',
  term: '',
  rate: '',
  sector: 'PUB',
  purpose: '',
  repaymentAccount: '',
  salaryLoan: true,
  salary: { employer: '', netMonthlySalary: '', monthlyObligations: '0' },
  guarantors: [],
  collateral: [],
};

const num = (s: string) => (s.trim() === '' ? undefined : Number(s));

export const bodyOf = (v: ApplicationValues): LoanApplicationBody =>
  ({
    custId: num(v.custId),
    productCode: v.productCode,
    amount: v.amount.trim(),
    term: num(v.term),
    ...(v.rate.trim() ? { rate: v.rate.trim() } : {}),
    sector: v.sector,
    purpose: v.purpose,
    repaymentAccount: v.repaymentAccount.trim(),
    salary: v.salaryLoan
      ? {
          employer: v.salary.employer,
          netMonthlySalary: v.salary.netMonthlySalary.trim(),
          monthlyObligations: v.salary.monthlyObligations.trim(),
        }
      : null,
    guarantors: v.guarantors.map((g) => ({ custId: num(g.custId), amount: g.amount.trim() })),
    collateral: v.collateral.map((k) => ({
      ...k,
      marketValue: k.marketValue.trim(),
      forcedSaleValue: k.forcedSaleValue.trim(),
    })),
  }) as LoanApplicationBody;

export const valuesOf = (a: LoanApplication): ApplicationValues => ({
  custId: String(a.custId),
  productCode: a.productCode,
  amount: a.amount,
  term: String(a.term),
  rate: a.rate,
  sector: a.sector,
  purpose: a.purpose,
  repaymentAccount: a.repaymentAccount,
  salaryLoan: a.salary !== null,
  salary: a.salary ?? EMPTY_APPLICATION.salary,
  guarantors: a.guarantors.map((g) => ({ custId: String(g.custId), amount: g.amount })),
  collateral: a.collateral.map((k) => ({
    type: k.type,
    description: k.description,
    marketValue: k.marketValue,
    forcedSaleValue: k.forcedSaleValue,
  })),
});

/** Which step of the form holds a field (a server refusal opens the step where its field is). */
export const STEPS = ['Borrower and product', 'Amount and terms', 'Guarantors and collateral'] as const;
export function stepOf(field: string): number {
  if (/^(custId|productCode|sector|purpose|repaymentAccount)/.test(field)) return 0;
  if (/^(amount|term|rate|salary)/.test(field)) return 1;
  return 2;
}

import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { DepositProductType, ProductCreate } from '@bankmanager/contracts';
import { contractResolver, createFormSchema } from './form-schema';
import { emptyTerms, termsFromValues, type TermsValues } from './terms-values';

export interface CreateValues {
  code: string;
  name: string;
  accountType: DepositProductType | '';
  currency: string;
  gl: Record<
    'control' | 'interestExpense' | 'interestPayable' | 'feeIncome' | 'withholdingTaxPayable',
    string
  >;
  terms: TermsValues;
}

/** The seeded SLE mappings: most new products post to these, so the form starts from them. */
const DEFAULT_GL = {
  control: '',
  interestExpense: '5010',
  interestPayable: '2510',
  feeIncome: '4020',
  withholdingTaxPayable: '2520',
};

export const createBody = (v: CreateValues): unknown => ({
  code: v.code.trim().toUpperCase(),
  name: v.name,
  accountType: v.accountType,
  currency: v.currency,
  gl: Object.fromEntries(Object.entries(v.gl).map(([k, c]) => [k, c.trim()])),
  terms: termsFromValues(v.terms, v.accountType),
});

/** The new-product form: string values, judged by the contract's create schema (and the business date). */
export function useCreateProductForm(businessDate: string) {
  const resolver = useMemo(
    () => contractResolver<CreateValues, ProductCreate>(createFormSchema(businessDate), createBody),
    [businessDate],
  );
  return useForm<CreateValues, unknown, ProductCreate>({
    defaultValues: {
      code: '',
      name: '',
      accountType: '',
      currency: 'SLE',
      gl: DEFAULT_GL,
      terms: emptyTerms(businessDate),
    },
    resolver,
    mode: 'onTouched',
  });
}

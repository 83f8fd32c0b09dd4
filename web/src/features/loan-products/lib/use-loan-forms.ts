import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import {
  loanProductChangeSchema,
  loanProductCreateSchema,
  type LoanProduct,
  type LoanProductChange,
  type LoanProductCreate,
} from '@bankmanager/contracts';
import {
  changeBody,
  createBody,
  DEFAULT_GL,
  EMPTY_TERMS,
  termsValues,
  type ChangeValues,
  type CreateValues,
} from './form-values';

/**
 * A resolver that turns the inputs' strings into the contract's shape and lets the contract's own
 * schema judge it, so the form and the server refuse the same things with the same words.
 */
function contractResolver<V extends object, T>(schema: z.ZodType<T>, toBody: (v: V) => unknown) {
  const zod = zodResolver(schema as never) as unknown as Resolver<V, unknown, T>;
  const resolver: Resolver<V, unknown, T> = (values, ctx, opts) => zod(toBody(values) as V, ctx, opts);
  return resolver;
}

export function useCreateLoanProductForm() {
  const resolver = useMemo(
    () => contractResolver<CreateValues, LoanProductCreate>(loanProductCreateSchema, createBody),
    [],
  );
  return useForm<CreateValues, unknown, LoanProductCreate>({
    defaultValues: { code: '', name: '', currency: 'SLE', gl: DEFAULT_GL, terms: EMPTY_TERMS },
    resolver,
    mode: 'onTouched',
  });
}

export function useChangeLoanProductForm(product: LoanProduct) {
  const resolver = useMemo(
    () => contractResolver<ChangeValues, LoanProductChange>(loanProductChangeSchema, changeBody(product)),
    [product],
  );
  return useForm<ChangeValues, unknown, LoanProductChange>({
    defaultValues: {
      name: product.name,
      status: product.status,
      gl: { ...product.gl },
      newVersion: false,
      terms: termsValues(product.terms),
      reason: '',
    },
    resolver,
    mode: 'onTouched',
  });
}

/** A change adds something besides its reason. */
export const changesSomething = (body: LoanProductChange) => Object.keys(body).some((k) => k !== 'reason');

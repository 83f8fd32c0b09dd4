import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { Product, ProductChange } from '@bankmanager/contracts';
import { changeFormSchema, contractResolver } from './form-schema';
import { termsFromValues, termsToValues, type TermsValues } from './terms-values';
import type { CreateValues } from './use-create-form';

export interface EditValues {
  name: string;
  status: string;
  gl: CreateValues['gl'];
  /** Ticked: the terms below go as a new version from their effective date. */
  newVersion: boolean;
  terms: TermsValues;
  reason: string;
}

const sameGl = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(b).every((k) => a[k]?.trim() === b[k]);

/** Only what changed goes to the server: the checker sees exactly what the maker means to change. */
export const editBody =
  (p: Product) =>
  (v: EditValues): Record<string, unknown> => ({
    ...(v.name.trim() !== p.name ? { name: v.name } : {}),
    ...(v.status !== p.status ? { status: v.status } : {}),
    ...(sameGl(v.gl, p.gl)
      ? {}
      : { gl: Object.fromEntries(Object.entries(v.gl).map(([k, c]) => [k, c.trim()])) }),
    ...(v.newVersion ? { terms: termsFromValues(v.terms, p.accountType) } : {}),
    reason: v.reason,
  });

/** A change adds something besides its reason. */
export const changesSomething = (body: ProductChange) => Object.keys(body).some((k) => k !== 'reason');

/** The product's edit form: starts from the product as it is, a new version from the terms in force. */
export function useEditProductForm(product: Product, businessDate: string) {
  const resolver = useMemo(
    () =>
      contractResolver<EditValues, ProductChange>(
        changeFormSchema(product.accountType, businessDate),
        editBody(product),
      ),
    [product, businessDate],
  );
  return useForm<EditValues, unknown, ProductChange>({
    defaultValues: {
      name: product.name,
      status: product.status,
      gl: { ...product.gl },
      newVersion: false,
      terms: termsToValues(product.terms, businessDate),
      reason: '',
    },
    resolver,
    mode: 'onTouched',
  });
}

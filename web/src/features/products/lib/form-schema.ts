import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import {
  PRODUCT_TEXT,
  productChangeSchema,
  productCreateSchema,
  productTermsProblems,
  type DepositProductType,
} from '@bankmanager/contracts';

/**
 * Messages for the rules the contract states without words of its own (enums, tenor months, GL codes):
 * the contract stays the single judge of what is valid, this only says it in a sentence.
 */
const PLAIN: Record<string, string> = {
  accountType: 'Please choose the product type',
  currency: 'Please choose the currency',
  months: 'Enter a tenor of 1 to 120 months',
  rollover: 'Choose at least one rollover option',
  status: 'Please choose a status',
};
export const GL_TEXT = 'Enter a GL account code: up to 4 digits, e.g. 2020';

function plainMessages(errors: FieldErrors, path: string[] = []): void {
  for (const [key, node] of Object.entries(errors)) {
    if (!node || typeof node !== 'object') continue;
    const e = node as { message?: unknown; type?: unknown };
    if (typeof e.message === 'string') {
      if (path.includes('gl')) e.message = GL_TEXT;
      else if (PLAIN[key] && e.type !== 'custom') e.message = PLAIN[key];
    }
    if (key !== 'ref') plainMessages(node as FieldErrors, [...path, key]);
  }
}

/** The type rules (overdraft interest, fixed-deposit block) and "never backwards", on top of the contract. */
function termsRules(
  type: DepositProductType,
  terms: { effectiveFrom: string } & object,
  from: string,
  ctx: z.RefinementCtx,
) {
  for (const p of productTermsProblems(type, terms as never))
    ctx.addIssue({ code: 'custom', message: p.message, path: p.path.split('.') });
  if (from && terms.effectiveFrom < from)
    ctx.addIssue({ code: 'custom', message: PRODUCT_TEXT.effectiveFrom, path: ['terms', 'effectiveFrom'] });
}

export const createFormSchema = (businessDate: string) =>
  productCreateSchema.superRefine((p, ctx) => termsRules(p.accountType, p.terms, businessDate, ctx));

export const changeFormSchema = (type: DepositProductType, businessDate: string) =>
  productChangeSchema.superRefine((c, ctx) => {
    if (c.terms) termsRules(type, c.terms, businessDate, ctx);
  });

/**
 * A react-hook-form resolver: `toBody` turns the form's strings into the contract's shape, the
 * contract's schema (with the rules above) judges it, and the messages read as sentences.
 */
export function contractResolver<V extends object, T>(
  schema: z.ZodType<T>,
  toBody: (values: V) => unknown,
): Resolver<V, unknown, T> {
  const zod = zodResolver(schema as never) as unknown as Resolver<V, unknown, T>;
  return async (values, ctx, opts) => {
    const result = await zod(toBody(values) as V, ctx, opts);
    plainMessages(result.errors);
    return result;
  };
}

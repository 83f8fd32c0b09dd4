import { z } from 'zod';
import { accountStatusSchema, currencySchema, isoDateSchema, postingAmountSchema } from '../banking.ts';
import { accountNumberSchema } from '../deposits/account-number.ts';

/**
 * The transfer screen's preview: both accounts as the server sees them, the day's rate
 * that applies, and what the payee would receive. POST /api/transfers itself is in gl.ts.
 */
export const transferQuoteQuerySchema = z.object({
  from: accountNumberSchema,
  to: accountNumberSchema,
  amount: postingAmountSchema.optional(),
});
export type TransferQuoteQuery = z.infer<typeof transferQuoteQuerySchema>;

export const transferAccountSchema = z.object({
  number: z.string(),
  holder: z.string(),
  currency: currencySchema,
  status: accountStatusSchema,
  branch: z.string(),
});
export type TransferAccount = z.infer<typeof transferAccountSchema>;

export const transferQuoteSchema = z.object({
  from: transferAccountSchema,
  to: transferAccountSchema,
  business_date: isoDateSchema,
  /** The day's rate that applies (buy into SLE, sell out of it); null in one currency or when none is entered. */
  rate: z.string().nullable(),
  rate_kind: z.enum(['buy', 'sell']).nullable(),
  /** Across currencies with no rate entered for the business date: the transfer would be refused. */
  rate_missing: z.boolean(),
  /** What the payee receives, in the payee's currency; null without an amount or a rate. */
  credited: z.string().nullable(),
});
export type TransferQuote = z.infer<typeof transferQuoteSchema>;

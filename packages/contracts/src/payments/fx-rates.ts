import { z } from 'zod';
import { CURRENCIES, isoDateSchema, type Currency } from '../banking.ts';
import { pageQuerySchema } from '../paging.ts';
import { rateMicros } from '../money.ts';

/**
 * The day's exchange rates (ADR 0023): per foreign currency and business date,
 * the bank's buy, sell and mid rate in Leones per 1 unit. Treasury enters them at
 * /treasury/rates (`treasury.rates`). A transfer from a foreign-currency account to a Leone account
 * uses the buy rate (the bank buys the currency), the other way the sell rate.
 */
export const FOREIGN_CURRENCIES = CURRENCIES.filter((c): c is Exclude<Currency, 'SLE'> => c !== 'SLE');
export const foreignCurrencySchema = z.enum(FOREIGN_CURRENCIES as [Exclude<Currency, 'SLE'>]);
export type ForeignCurrency = z.infer<typeof foreignCurrencySchema>;

export const FX_TEXT = {
  rateShape: 'Enter a rate such as 22.75 (up to 6 decimals)',
  order: 'The rates must be in order: buy ≤ mid ≤ sell',
  pastDate: 'Rates can be entered for the current business date or later, not for a closed date',
  noRate: (currency: string, date: string) =>
    `No ${currency} rate has been entered for ${date}. Treasury enters the day's rates under Treasury → Exchange Rates.`,
  rateMismatch: (given: string, table: string) =>
    `The rate ${given} differs from the day's rate ${table}; only Treasury (treasury.rates) may transfer at another rate.`,
} as const;

/** Leones per 1 unit, e.g. "22.75"; up to 6 decimals, above zero. */
const RATE_PATTERN = /^\d{1,10}(\.\d{1,6})?$/;
export const rateValueSchema = z
  .string()
  .trim()
  .regex(RATE_PATTERN, FX_TEXT.rateShape)
  .refine((v) => /[1-9]/.test(v), FX_TEXT.rateShape);

/** PUT /api/fx-rates/:currency/:date — enters (or corrects) a day's rates. */
export const exchangeRateInputSchema = z
  .object({ buy: rateValueSchema, sell: rateValueSchema, mid: rateValueSchema })
  .superRefine((r, ctx) => {
    // Zod still runs this when a field failed its own check: compare only well-formed rates.
    if (![r.buy, r.mid, r.sell].every((v) => RATE_PATTERN.test(v.trim()))) return;
    const [b, m, s] = [r.buy, r.mid, r.sell].map((v) => rateMicros(v.trim())) as [bigint, bigint, bigint];
    if (!(b <= m && m <= s)) ctx.addIssue({ code: 'custom', path: ['mid'], message: FX_TEXT.order });
  });
export type ExchangeRateInput = z.infer<typeof exchangeRateInputSchema>;

export const exchangeRateParamsSchema = z.object({ currency: foreignCurrencySchema, date: isoDateSchema });

export const exchangeRateSchema = z.object({
  currency: foreignCurrencySchema,
  business_date: isoDateSchema,
  buy: z.string(),
  sell: z.string(),
  mid: z.string(),
  entered_by: z.string().nullable(),
  entered_at: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

/** GET /api/fx-rates: newest date first, paged. */
export const exchangeRateListQuerySchema = pageQuerySchema.extend({
  currency: foreignCurrencySchema.optional(),
});
export type ExchangeRateListQuery = z.infer<typeof exchangeRateListQuerySchema>;

/** Which rate applies to a movement between two currencies: buy into SLE, sell out of it. */
export const rateKindFor = (from: Currency, to: Currency): 'buy' | 'sell' | null =>
  from === to ? null : to === 'SLE' ? 'buy' : 'sell';

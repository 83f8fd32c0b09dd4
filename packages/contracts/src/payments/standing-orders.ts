import { z } from 'zod';
import { currencySchema, isoDateSchema, postingAmountSchema } from '../banking.ts';
import { accountNumberSchema } from '../deposits/account-number.ts';
import { entryNarrationSchema, entryReferenceSchema } from '../gl.ts';
import { pageQuerySchema } from '../paging.ts';

/**
 * Standing orders (/transactions/standing-orders/register and /options): a recurring
 * transfer. Each due date posts at most once (the run's key is order + due date); end of day runs
 * them, and "Run due now" does the same by hand.
 */
export const STANDING_ORDER_FREQUENCIES = ['weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type StandingOrderFrequency = (typeof STANDING_ORDER_FREQUENCIES)[number];
export const FREQUENCY_LABELS: Record<StandingOrderFrequency, string> = {
  weekly: 'Every week',
  monthly: 'Every month',
  quarterly: 'Every 3 months',
  yearly: 'Every year',
};

export const STANDING_ORDER_STATUSES = ['active', 'cancelled', 'completed'] as const;
export type StandingOrderStatus = (typeof STANDING_ORDER_STATUSES)[number];

/** A run of one due date: posted, failed (tried again on a later run while retries last), or missed. */
export const STANDING_ORDER_RUN_STATUSES = ['posted', 'failed', 'missed'] as const;

export const STANDING_ORDER_TEXT = {
  endBeforeStart: 'The end date must be on or after the start date',
  sameAccount: 'The two accounts must differ',
  startInPast: 'The first payment date cannot be before the business date',
  nextOutside: 'The next date must be on or after the business date and not after the end date',
} as const;

const endAfterStart = (v: { start_date?: string; end_date?: string | null }) =>
  !v.end_date || !v.start_date || v.end_date >= v.start_date;

/** POST /api/standing-orders. */
export const standingOrderInputSchema = z
  .object({
    from_account: accountNumberSchema,
    to_account: accountNumberSchema,
    amount: postingAmountSchema,
    narration: entryNarrationSchema,
    frequency: z.enum(STANDING_ORDER_FREQUENCIES),
    start_date: isoDateSchema,
    end_date: isoDateSchema.nullable().optional(),
    reference: entryReferenceSchema,
  })
  .refine(endAfterStart, { path: ['end_date'], message: STANDING_ORDER_TEXT.endBeforeStart })
  .refine((v) => v.from_account !== v.to_account, {
    path: ['to_account'],
    message: STANDING_ORDER_TEXT.sameAccount,
  });
export type StandingOrderInput = z.infer<typeof standingOrderInputSchema>;

/** PUT /api/standing-orders/:id — amend; `version` as read, so a stale amendment is refused. */
export const standingOrderAmendSchema = z.object({
  amount: postingAmountSchema,
  narration: entryNarrationSchema,
  frequency: z.enum(STANDING_ORDER_FREQUENCIES),
  end_date: isoDateSchema.nullable(),
  next_date: isoDateSchema,
  version: z.number().int().min(1),
});
export type StandingOrderAmend = z.infer<typeof standingOrderAmendSchema>;

export const standingOrderCancelSchema = z.object({
  reason: z.string().trim().min(1, 'Please give a reason').max(200),
  version: z.number().int().min(1),
});

export const standingOrderParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const standingOrderRunSchema = z.object({
  due_date: isoDateSchema,
  status: z.enum(STANDING_ORDER_RUN_STATUSES),
  code: z.string().nullable(),
  message: z.string().nullable(),
  entry_id: z.string().nullable(),
  fee_entry_id: z.string().nullable(),
  attempts: z.number(),
  run_at: z.string(),
});
export type StandingOrderRun = z.infer<typeof standingOrderRunSchema>;

export const standingOrderSchema = z.object({
  id: z.string(),
  reference: z.string(),
  from_account: z.string(),
  from_holder: z.string(),
  to_account: z.string(),
  to_holder: z.string(),
  currency: currencySchema,
  to_currency: currencySchema,
  amount: z.string(),
  narration: z.string(),
  frequency: z.enum(STANDING_ORDER_FREQUENCIES),
  start_date: isoDateSchema,
  end_date: isoDateSchema.nullable(),
  next_date: isoDateSchema.nullable(),
  status: z.enum(STANDING_ORDER_STATUSES),
  branch: z.string(),
  created_by: z.string(),
  version: z.number(),
  last_run: standingOrderRunSchema.nullable(),
});
export type StandingOrder = z.infer<typeof standingOrderSchema>;

/** GET /api/standing-orders: `q` is an account number (either side); `due` lists what a run would post. */
export const standingOrderListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(40).optional(),
  status: z.enum(STANDING_ORDER_STATUSES).optional(),
});
export type StandingOrderListQuery = z.infer<typeof standingOrderListQuerySchema>;

/** The run rules (/transactions/standing-orders/options). */
export const standingOrderOptionsInputSchema = z.object({
  /** A failed due date is tried again on later runs for this many days, then missed. 0: no retry. */
  retry_days: z.number().int().min(0).max(5),
  /** Charged to the payer (fee income 4020) when a due date is finally missed; null: no fee. */
  failure_fee_sle: postingAmountSchema.nullable(),
  failure_fee_usd: postingAmountSchema.nullable(),
  version: z.number().int().min(1),
});
export type StandingOrderOptionsInput = z.infer<typeof standingOrderOptionsInputSchema>;
export const standingOrderOptionsSchema = standingOrderOptionsInputSchema.extend({
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type StandingOrderOptions = z.infer<typeof standingOrderOptionsSchema>;

/** POST /api/standing-orders/run and end of day's first step. */
export const standingOrderRunResultSchema = z.object({
  business_date: isoDateSchema,
  posted: z.number(),
  failed: z.number(),
  skipped: z.number(),
});
export type StandingOrderRunResult = z.infer<typeof standingOrderRunResultSchema>;

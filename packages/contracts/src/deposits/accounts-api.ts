import { z } from 'zod';
import { pageQuerySchema } from '../paging.ts';
import {
  ACCOUNT_STATUSES,
  ACCOUNT_TYPES,
  currencySchema,
  isoDateSchema,
  moneySchema,
  postingAmountSchema,
} from '../banking.ts';
import { accountNumberSchema } from './account-number.ts';
import { ACCOUNT_ACTION_LIST, BLOCK_KINDS } from './lifecycle.ts';
import { amountAtLeastZeroSchema } from './products.ts';

/** The deposit account routes: opening, the managers' list, status actions, holds and overdrafts. */

const reasonSchema = z.string().trim().min(1, 'Please give a reason').max(500, 'At most 500 characters');

/** POST /api/accounts → 202 { approvalId, accountNumber }: a Submitted account awaiting a checker. */
export const accountOpenSchema = z.object({
  custId: z.coerce.number().int().positive('Choose a customer'),
  productCode: z.string().min(1, 'Choose a product').max(12),
  /** The mandate's currency for a joint or corporate customer: the product must be in it (409 otherwise). */
  mandateCurrency: currencySchema.optional(),
  /** Fixed deposits: one of the product's tenors, in months. */
  tenorMonths: z.number().int().min(1).max(120).optional(),
  /** Fixed deposits: what happens at maturity; payout goes to `payoutAccount`. */
  rollover: z.enum(['none', 'principal', 'principal_and_interest']).optional(),
  payoutAccount: accountNumberSchema.optional(),
  /** Defaults to the customer's home branch; another branch needs `branches.all`. */
  branch: z
    .string()
    .regex(/^\d{3}$/)
    .optional(),
  /** Idempotency: the same reference returns the first answer and opens nothing new. */
  reference: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .optional(),
});
export type AccountOpen = z.infer<typeof accountOpenSchema>;

export const accountOpenedSchema = z.object({ approvalId: z.string(), accountNumber: z.string() });

export const ACCOUNT_LIST_SORTS = ['number', 'name', 'opened', 'balance', 'maturity'] as const;

/** GET /api/accounts. `type` scopes the current/savings/deposit managers; `status=Closed` the closed lists. */
export const accountListQuerySchema = pageQuerySchema.extend({
  custId: z.coerce.number().int().positive().optional(),
  status: z.enum(ACCOUNT_STATUSES).optional(),
  type: z.enum(ACCOUNT_TYPES).optional(),
  product: z.string().max(12).optional(),
  branch: z
    .string()
    .regex(/^\d{3}$/)
    .optional(),
  /** An account number (or its start), or part of the account holder's name. */
  q: z.string().trim().max(80).optional(),
  /** Only accounts overdrawn today (the overdraft schedule). */
  overdrawn: z.enum(['true', 'false']).optional(),
  sort: z.enum(ACCOUNT_LIST_SORTS).default('number'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type AccountListQuery = z.infer<typeof accountListQuerySchema>;

export const accountRowSchema = z.object({
  accountNumber: z.string(),
  accountName: z.string(),
  custId: z.number().int(),
  productCode: z.string(),
  productName: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
  currency: currencySchema,
  status: z.enum(ACCOUNT_STATUSES),
  blockKind: z.enum(BLOCK_KINDS).nullable(),
  branch: z.string(),
  openedOn: isoDateSchema,
  closedOn: isoDateSchema.nullable(),
  balance: moneySchema,
  /** Sum of the active holds. */
  held: moneySchema,
  overdraftLimit: moneySchema,
  overdraftExpiresOn: isoDateSchema.nullable(),
  /** balance − held + overdraft limit (an expired limit counts as 0). */
  available: moneySchema,
  /** First day of the current overdrawn spell, or null. */
  overdrawnSince: isoDateSchema.nullable(),
  /** Fixed deposits. */
  maturityDate: isoDateSchema.nullable(),
  tenorMonths: z.number().int().nullable(),
});
export type AccountRow = z.infer<typeof accountRowSchema>;

export const holdSchema = z.object({
  id: z.string(),
  amount: moneySchema,
  reason: z.string(),
  expiresOn: isoDateSchema.nullable(),
  placedBy: z.string(),
  placedAt: z.string(),
  releasedBy: z.string().nullable(),
  releasedAt: z.string().nullable(),
});
export type Hold = z.infer<typeof holdSchema>;

/** GET /api/accounts/:number/manage: a row plus what the management and enquiry screens show. */
export const accountManageViewSchema = accountRowSchema.extend({
  holds: z.array(holdSchema),
  /** Yearly credit rate in force on the business date (tier applied), in percent. */
  rateInForce: z.string(),
  /** Accrued and not yet posted (end of day fills it; "0.00" until then). */
  accruedInterest: moneySchema,
  pendingApprovals: z.number().int(),
  /** Actions the caller may request now (status and permissions). */
  actions: z.array(z.enum(ACCOUNT_ACTION_LIST)),
});
export type AccountManageView = z.infer<typeof accountManageViewSchema>;

/**
 * POST /api/accounts/:number/status → 200 with the row, or 202 { approvalId } for four-eyes actions.
 * `payoutAccount` (close only): where the remainder goes; without it the remainder is paid in cash at
 * the branch (credit to its teller cash).
 */
export const accountStatusRequestSchema = z.object({
  action: z.enum(ACCOUNT_ACTION_LIST),
  reason: reasonSchema,
  payoutAccount: accountNumberSchema.optional(),
});
export type AccountStatusRequest = z.infer<typeof accountStatusRequestSchema>;

/** POST /api/accounts/:number/holds → 201 with the hold. */
export const holdCreateSchema = z.object({
  amount: postingAmountSchema,
  reason: reasonSchema,
  /** Null: until released. An expired hold no longer counts against the available balance. */
  expiresOn: isoDateSchema.optional(),
});
export type HoldCreate = z.infer<typeof holdCreateSchema>;

/** PUT /api/accounts/:number/overdraft-limit → 202 { approvalId } (four-eyes). Current accounts only. */
export const overdraftLimitSchema = z.object({
  limit: amountAtLeastZeroSchema,
  /** Required when the limit is above zero. */
  expiresOn: isoDateSchema.optional(),
  reason: reasonSchema,
});
export type OverdraftLimit = z.infer<typeof overdraftLimitSchema>;

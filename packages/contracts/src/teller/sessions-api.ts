import { z } from 'zod';
import { currencySchema, isoDateSchema, moneySchema } from '../banking.ts';
import { pageQuerySchema } from '../paging.ts';
import { cashCountSchema, positiveCashCountSchema } from './denominations.ts';

/**
 * Till sessions and the vault: open with an allocation counted by denomination,
 * buy from or sell to the vault (four-eyes), close with a blind count (a difference needs sign-off).
 */

/**
 * The client's idempotency key: the same request sent twice acts once. 36 characters at most, so the
 * journal entry's reference (`TLR-` + it) stays within the ledger's 40.
 */
export const tellerReferenceSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9_-]{1,36}$/,
    'The reference may use only letters, digits, "-" and "_" (1 to 36 characters)',
  );

/** A till's name in its branch, e.g. TILL-1. */
export const tillCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,12}$/, 'A till code such as TILL-1 (letters, digits and "-", up to 12)')
  .transform((v) => v.toUpperCase());

const branchSchema = z.string().regex(/^\d{3}$/, 'A branch code has 3 digits');

export const TILL_SESSION_STATUSES = ['open', 'closing', 'closed'] as const;
export type TillSessionStatus = (typeof TILL_SESSION_STATUSES)[number];

/** POST /api/teller/sessions → 201 (200 when replayed). The branch defaults to the teller's home branch. */
export const sessionOpenSchema = z.object({
  reference: tellerReferenceSchema,
  tillCode: tillCodeSchema,
  currency: currencySchema,
  allocation: cashCountSchema,
  branch: branchSchema.optional(),
});
export type SessionOpen = z.input<typeof sessionOpenSchema>;

/** POST /api/teller/sessions/:id/close: the blind count. 200 closed, or 202 { approvalId } on a difference. */
export const sessionCloseSchema = z.object({
  reference: tellerReferenceSchema,
  count: cashCountSchema,
});
export type SessionClose = z.infer<typeof sessionCloseSchema>;

export const VAULT_DIRECTIONS = ['buy', 'sell'] as const;
export type VaultDirection = (typeof VAULT_DIRECTIONS)[number];
export const VAULT_DIRECTION_LABELS: Record<VaultDirection, string> = {
  buy: 'Buy cash from the vault',
  sell: 'Sell cash to the vault',
};

/** POST /api/teller/sessions/:id/vault-transfers → 202 { approvalId } (always four-eyes). */
export const vaultTransferRequestSchema = z.object({
  reference: tellerReferenceSchema,
  direction: z.enum(VAULT_DIRECTIONS),
  count: positiveCashCountSchema,
});
export type VaultTransferRequest = z.infer<typeof vaultTransferRequestSchema>;

export const VAULT_TRANSFER_STATUSES = ['pending_approval', 'posted', 'rejected'] as const;

export const vaultTransferSchema = z.object({
  id: z.string(),
  reference: z.string(),
  sessionId: z.string(),
  direction: z.enum(VAULT_DIRECTIONS),
  currency: currencySchema,
  amount: moneySchema,
  status: z.enum(VAULT_TRANSFER_STATUSES),
  approvalId: z.string().nullable(),
  entryId: z.string().nullable(),
  createdAt: z.string(),
});
export type VaultTransfer = z.infer<typeof vaultTransferSchema>;

const tally = z.object({ count: z.number().int(), amount: moneySchema });

export const tillSessionSchema = z.object({
  id: z.string(),
  reference: z.string(),
  branch: z.string(),
  tillCode: z.string(),
  currency: currencySchema,
  tellerId: z.string(),
  tellerEmail: z.string(),
  businessDate: isoDateSchema,
  status: z.enum(TILL_SESSION_STATUSES),
  openingAllocation: moneySchema,
  /**
   * Cash the till should hold (allocation plus postings). Null for the teller while the session is
   * open: the count at close is blind. Supervisors (teller.vault) always see it.
   */
  expected: moneySchema.nullable(),
  counted: moneySchema.nullable(),
  /** counted − expected: negative is a shortage, positive an overage. */
  difference: moneySchema.nullable(),
  closeApprovalId: z.string().nullable(),
  signedOffBy: z.string().nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /** Cash in: deposits and loan repayments taken at this till. */
  deposits: tally,
  withdrawals: tally,
  vaultIn: moneySchema,
  vaultOut: moneySchema,
});
export type TillSession = z.infer<typeof tillSessionSchema>;

/** GET /api/teller/sessions/:id and /current: the session and its vault transfers. */
export const tillSessionDetailSchema = tillSessionSchema.extend({
  vaultTransfers: z.array(vaultTransferSchema),
});
export type TillSessionDetail = z.infer<typeof tillSessionDetailSchema>;

/** GET /api/teller/sessions/current: the caller's session that is not closed, or null. */
export const currentSessionSchema = z.object({ session: tillSessionDetailSchema.nullable() });

/** GET /api/teller/sessions: the tills of a branch (the supervisor's view), newest first. */
export const sessionListQuerySchema = pageQuerySchema.extend({
  branch: branchSchema.optional(),
  status: z.enum(TILL_SESSION_STATUSES).optional(),
  /** Business date; defaults to every date. */
  date: isoDateSchema.optional(),
});
export type SessionListQuery = z.infer<typeof sessionListQuerySchema>;

/** GET /api/teller/vault?branch=: the branch vault's balance per currency (GL 1010-<branch>). */
export const vaultBalanceSchema = z.object({
  branch: z.string(),
  glCode: z.string(),
  balances: z.array(z.object({ currency: currencySchema, balance: moneySchema })),
});
export type VaultBalance = z.infer<typeof vaultBalanceSchema>;

/** POST /api/teller/sessions/:id/close: 200 closed, or 202 with the sign-off request's id. */
export const sessionCloseAnswerSchema = z.object({
  approvalId: z.string().nullable(),
  session: tillSessionDetailSchema,
});
export type SessionCloseAnswer = z.infer<typeof sessionCloseAnswerSchema>;

/** POST /api/teller/sessions/:id/vault-transfers → 202. */
export const vaultTransferAnswerSchema = z.object({ approvalId: z.string(), transfer: vaultTransferSchema });
export type VaultTransferAnswer = z.infer<typeof vaultTransferAnswerSchema>;

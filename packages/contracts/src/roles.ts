import { z } from 'zod';
import { BRANCHES } from './branches.ts';
import { CURRENCIES, currencySchema } from './banking.ts';
import { PERMISSIONS, type Permission } from './permission-defs.ts';

/**
 * Roles (ADR 0015): a bundle of permissions with per-currency limits. A currency a role has no limits
 * row for allows nothing (0) in that currency.
 *
 * A limit of `null` grants nothing: an amount of that kind always goes to a second person (maker
 * limits), or the role may approve no amount (`maxApproval`). Nobody, superusers included, holds an
 * unbounded limit, so a lone insider cannot move money without another person seeing it.
 *
 * Besides the per-transaction limits, daily limits add up a business day (the bank's business date)
 * of the same kind: per maker (everything this person made) and per account (everything anyone took
 * out of one account), so splitting an amount into pieces just under the per-transaction limit does
 * not avoid a second person.
 */
export const PER_TRANSACTION_LIMIT_KINDS = ['maxCashWithdrawal', 'maxTransfer', 'maxManualJournal'] as const;
export type PerTransactionLimitKind = (typeof PER_TRANSACTION_LIMIT_KINDS)[number];

export const LIMIT_KINDS = [
  ...PER_TRANSACTION_LIMIT_KINDS,
  'maxApproval',
  'dailyCashWithdrawal',
  'dailyTransfer',
  'dailyManualJournal',
  'accountDailyCashWithdrawal',
  'accountDailyTransfer',
  'accountDailyManualJournal',
] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** For each per-transaction limit, its daily sums: per maker and per account. */
export const DAILY_LIMITS: Record<PerTransactionLimitKind, { maker: LimitKind; account: LimitKind }> = {
  maxCashWithdrawal: { maker: 'dailyCashWithdrawal', account: 'accountDailyCashWithdrawal' },
  maxTransfer: { maker: 'dailyTransfer', account: 'accountDailyTransfer' },
  maxManualJournal: { maker: 'dailyManualJournal', account: 'accountDailyManualJournal' },
};

export const LIMIT_LABELS: Record<LimitKind, string> = {
  maxCashWithdrawal: 'Largest cash withdrawal',
  maxTransfer: 'Largest transfer',
  maxManualJournal: 'Largest manual journal',
  maxApproval: 'Largest amount it may approve',
  dailyCashWithdrawal: 'Cash withdrawals a day (per maker)',
  dailyTransfer: 'Transfers a day (per maker)',
  dailyManualJournal: 'Manual journals a day (per maker)',
  accountDailyCashWithdrawal: 'Cash withdrawals a day from one account',
  accountDailyTransfer: 'Transfers a day from one account',
  accountDailyManualJournal: 'Manual journal debits a day on one account',
};

const limitAmountSchema = z
  .string()
  .regex(/^\d{1,16}(\.\d{1,2})?$/, 'Enter an amount such as 50000 or 50000.00')
  .nullable();
/** Daily limits arrived after the per-transaction ones; a client that omits them grants none. */
const dailyAmountSchema = limitAmountSchema.default(null);

export const roleLimitSchema = z.object({
  currency: currencySchema,
  maxCashWithdrawal: limitAmountSchema,
  maxTransfer: limitAmountSchema,
  maxManualJournal: limitAmountSchema,
  maxApproval: limitAmountSchema,
  dailyCashWithdrawal: dailyAmountSchema,
  dailyTransfer: dailyAmountSchema,
  dailyManualJournal: dailyAmountSchema,
  accountDailyCashWithdrawal: dailyAmountSchema,
  accountDailyTransfer: dailyAmountSchema,
  accountDailyManualJournal: dailyAmountSchema,
});
export type RoleLimit = z.infer<typeof roleLimitSchema>;

const permissionSchema = z.enum(PERMISSIONS as [Permission, ...Permission[]]);
export const branchCodeSchema = z.enum(BRANCHES.map((b) => b.code) as [string, ...string[]]);

export const ROLE_TEXT = {
  nameRequired: 'Please enter a role name',
  nameTaken: (name: string) => `A role named ${name} already exists.`,
  notFound: 'No role with this id.',
  retired: 'This role is retired; it cannot be assigned.',
  duplicateCurrency: 'Each currency may have one row of limits.',
} as const;

export const roleInputSchema = z.object({
  name: z.string().trim().min(1, ROLE_TEXT.nameRequired).max(60),
  description: z.string().trim().max(200).default(''),
  permissions: z.array(permissionSchema).max(PERMISSIONS.length).default([]),
  limits: z
    .array(roleLimitSchema)
    .max(CURRENCIES.length)
    .default([])
    .refine((ls) => new Set(ls.map((l) => l.currency)).size === ls.length, ROLE_TEXT.duplicateCurrency),
  retired: z.boolean().default(false),
});
export type RoleInput = z.infer<typeof roleInputSchema>;

/** PUT /api/roles/:id: the role as the editor saw it (`version`), so a stale edit is refused 409. */
export const roleUpdateSchema = roleInputSchema.extend({ version: z.number().int().min(1) });
export type RoleUpdate = z.infer<typeof roleUpdateSchema>;

export const roleSchema = z.object({
  id: z.string(),
  key: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  limits: z.array(roleLimitSchema),
  retired: z.boolean(),
  version: z.number(),
  /** Staff who hold the role (e-mail), for the access matrix. */
  holders: z.array(z.object({ userId: z.string(), email: z.string() })),
});
export type Role = z.infer<typeof roleSchema>;

/** PUT /api/admin/staff/:id/roles (four-eyes). */
export const staffRolesInputSchema = z.object({
  roleIds: z.array(z.uuid()).max(20),
  homeBranch: branchCodeSchema.nullable(),
});
export type StaffRolesInput = z.infer<typeof staffRolesInputSchema>;

/** GET /api/me/permissions: what the caller may do, for the menu, the branch selector and forms. */
export const mePermissionsSchema = z.object({
  permissions: z.array(z.string()),
  roles: z.array(z.object({ id: z.string(), key: z.string().nullable(), name: z.string() })),
  homeBranch: z.string().nullable(),
  isSuperuser: z.boolean(),
  /** The most generous limit per currency across the caller's roles (`null`: none, see above). */
  limits: z.array(roleLimitSchema),
});
export type MePermissions = z.infer<typeof mePermissionsSchema>;

/** A seeded role: the key is stable, the name and contents may be edited (four-eyes) later. */
export interface SeedRole {
  key: string;
  name: string;
  description: string;
  permissions: Permission[];
  limits: RoleLimit[];
}

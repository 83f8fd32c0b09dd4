import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { APPROVAL_STATUSES, CURRENCIES } from '@bankmanager/contracts';
import { staff } from './auth.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 6 });
const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Roles (ADR 0015): bundles of permissions with per-currency limits. A role is retired, never deleted,
 * so the audit trail and old approval requests keep naming it. `version` grows with every change: an
 * edit or an approval request made against an older version is refused (optimistic concurrency).
 */
export const roles = pgTable('roles', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stable key of a seeded role (`officer`, `teller`…); null for roles the bank creates. */
  key: text('key').unique(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  retiredAt: ts('retired_at'),
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

/**
 * Per-currency limits; a null column grants nothing (a second person always looks), a missing
 * currency row allows nothing. The daily columns add up one business day per maker and per account.
 */
export const roleLimits = pgTable(
  'role_limits',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    maxCashWithdrawal: money('max_cash_withdrawal'),
    maxTransfer: money('max_transfer'),
    maxManualJournal: money('max_manual_journal'),
    maxApproval: money('max_approval'),
    dailyCashWithdrawal: money('daily_cash_withdrawal'),
    dailyTransfer: money('daily_transfer'),
    dailyManualJournal: money('daily_manual_journal'),
    accountDailyCashWithdrawal: money('account_daily_cash_withdrawal'),
    accountDailyTransfer: money('account_daily_transfer'),
    accountDailyManualJournal: money('account_daily_manual_journal'),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.currency] }),
    check('role_limits_currency_check', sql`${t.currency} in (${inList(CURRENCIES)})`),
  ],
);

/** Who holds which role. The primary key (user_id, role_id) is the guard query's index. */
export const staffRoles = pgTable(
  'staff_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => staff.userId, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    assignedAt: ts('assigned_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('staff_roles_role_idx').on(t.roleId)],
);

/**
 * Four-eyes requests: the exact command a checker's approval runs, with a before/after view for the
 * inbox. Maker and checker are kept by id and e-mail (the e-mail survives the account's deletion).
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    command: jsonb('command').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    makerId: uuid('maker_id').notNull(),
    makerEmail: text('maker_email').notNull(),
    branch: text('branch'),
    amount: money('amount'),
    currency: text('currency'),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    subjectVersion: text('subject_version'),
    businessDate: date('business_date').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** When the request was found expired (its business date closed); null until then. */
    expiresAt: ts('expires_at'),
    decidedBy: uuid('decided_by'),
    decidedByEmail: text('decided_by_email'),
    decidedAt: ts('decided_at'),
    reason: text('reason'),
    /**
     * The maker's client reference, for requests a route makes idempotent (transfers,
     * journals, reversals, which a client may retry): the same request sent again answers with the
     * first approval.
     */
    reference: text('reference'),
  },
  (t) => [
    uniqueIndex('approval_requests_reference_unique')
      .on(t.type, t.reference)
      .where(sql`${t.reference} is not null`),
    // A reversal waits for one decision at a time: the pending requests about one subject.
    index('approval_requests_subject_idx').on(t.type, t.subjectId, t.status),
    check('approval_requests_status_check', sql`${t.status} in (${inList(APPROVAL_STATUSES)})`),
    check('approval_requests_amount_check', sql`${t.amount} is null or ${t.amount} > 0`),
    // The inbox: pending requests, oldest first.
    index('approval_requests_status_created_idx').on(t.status, t.createdAt, t.id),
    index('approval_requests_maker_idx').on(t.makerId, t.createdAt),
  ],
);

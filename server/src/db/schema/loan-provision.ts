import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CURRENCIES, PROVISION_RUN_STATUSES } from '@bankmanager/contracts';
import { branches, inList } from './banking.ts';
import { journalEntries } from './ledger.ts';
import { loanClasses } from './loan-book.ts';
import { loans } from './loans.ts';

/** Amounts of the loan book: the frozen schedule's width (ADR 0045). */
const part = (name: string) => numeric(name, { precision: 20, scale: 2 });

/**
 * Provision rates per class (docs/loan-book.md, ADR 0065): data, seeded with the BSL defaults by
 * migration 0096 and changed only through a four-eyes request.
 */
export const loanProvisionRates = pgTable(
  'loan_provision_rates',
  {
    loanClass: text('loan_class')
      .primaryKey()
      .references(() => loanClasses.code),
    ratePercent: numeric('rate_percent', { precision: 9, scale: 4 }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    approvalId: uuid('approval_id'),
  },
  (t) => [check('loan_provision_rates_rate_check', sql`${t.ratePercent} between 0 and 100`)],
);

/** Above this principal (per currency) a write-off needs the Head of Credit's level (ADR 0065). */
export const loanWriteOffLimits = pgTable(
  'loan_write_off_limits',
  {
    currency: text('currency').primaryKey(),
    secondLevelAbove: numeric('second_level_above', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [
    check('loan_write_off_limits_currency_check', sql`${t.currency} in (${inList(CURRENCIES)})`),
    check('loan_write_off_limits_amount_check', sql`${t.secondLevelAbove} >= 0`),
  ],
);

/**
 * A provisioning run as of a closed business date: a draft is computed again on each rerun; once a
 * checker approves it, it posts and is frozen (a trigger refuses any later change).
 */
export const loanProvisionRuns = pgTable(
  'loan_provision_runs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    monthEnd: boolean('month_end').notNull().default(false),
    status: text('status', { enum: PROVISION_RUN_STATUSES }).notNull().default('draft'),
    version: integer('version').notNull().default(1),
    preparedBy: uuid('prepared_by').notNull(),
    preparedByEmail: text('prepared_by_email').notNull(),
    preparedAt: timestamp('prepared_at', { withTimezone: true }).notNull().defaultNow(),
    approvalId: uuid('approval_id'),
    postedBy: uuid('posted_by'),
    postedByEmail: text('posted_by_email'),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    postedOn: date('posted_on', { mode: 'string' }),
  },
  (t) => [
    check('loan_provision_runs_status_check', sql`${t.status} in (${inList(PROVISION_RUN_STATUSES)})`),
    // One run a date: a draft is rerun in place, a posted one stays the date's record.
    uniqueIndex('loan_provision_runs_as_of_unique').on(t.asOf),
    index('loan_provision_runs_recent_idx').on(t.id.desc()),
  ],
);

/** Each loan's line in a run: its class and principal on the date, the collateral, the required provision. */
export const loanProvisionLines = pgTable(
  'loan_provision_lines',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => loanProvisionRuns.id),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    branchCode: text('branch_code')
      .notNull()
      .references(() => branches.code),
    currency: text('currency').notNull(),
    loanClass: text('loan_class')
      .notNull()
      .references(() => loanClasses.code),
    principal: part('principal').notNull(),
    collateral: part('collateral').notNull(),
    ratePercent: numeric('rate_percent', { precision: 9, scale: 4 }).notNull(),
    required: part('required').notNull(),
    /** The loan's provision held when the run was computed, then when it posted. */
    heldBefore: part('held_before').notNull(),
    /** What the posting set as the loan's provision held (the required, capped at the principal then). */
    posted: part('posted'),
  },
  (t) => [
    primaryKey({ name: 'loan_provision_lines_pk', columns: [t.runId, t.loanId] }),
    index('loan_provision_lines_loan_idx').on(t.loanId),
    check(
      'loan_provision_lines_amounts_check',
      sql`${t.principal} >= 0 and ${t.collateral} >= 0 and ${t.required} >= 0 and ${t.required} <= ${t.principal} and ${t.heldBefore} >= 0`,
    ),
  ],
);

/** A loan's write-off: what it took from the provision and the expense, and the suspense released. */
export const loanWriteOffs = pgTable(
  'loan_write_offs',
  {
    loanId: integer('loan_id')
      .primaryKey()
      .references(() => loans.id),
    principal: part('principal').notNull(),
    fromProvision: part('from_provision').notNull(),
    fromExpense: part('from_expense').notNull(),
    interestSuspense: part('interest_suspense').notNull(),
    penaltySuspense: part('penalty_suspense').notNull(),
    /** Interest receivable not in suspense, charged to the provision expense. */
    receivableCharged: part('receivable_charged').notNull(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    approvalId: uuid('approval_id').notNull(),
    writtenOffOn: date('written_off_on', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by').notNull(),
    approvedBy: uuid('approved_by').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'loan_write_offs_amounts_check',
      sql`${t.principal} = ${t.fromProvision} + ${t.fromExpense} and ${t.fromProvision} >= 0 and ${t.fromExpense} >= 0`,
    ),
  ],
);

/** Money received on a written-off loan: recoveries income, never principal. */
export const loanRecoveries = pgTable(
  'loan_recoveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    reference: text('reference').notNull().unique('loan_recoveries_reference_unique'),
    channel: text('channel').notNull(),
    amount: part('amount').notNull(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    reversalEntryId: bigint('reversal_entry_id', { mode: 'number' }).references(() => journalEntries.id),
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('loan_recoveries_loan_idx').on(t.loanId, t.id.desc()),
    index('loan_recoveries_entry_idx').on(t.entryId),
    check('loan_recoveries_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * Provision a repayment released with its principal (a loan's provision held never exceeds its
 * principal): kept by the repayment's entry, so the repayment's reversal puts it back.
 */
export const loanProvisionReleases = pgTable(
  'loan_provision_releases',
  {
    entryId: bigint('entry_id', { mode: 'number' })
      .primaryKey()
      .references(() => journalEntries.id),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    amount: part('amount').notNull(),
  },
  (t) => [check('loan_provision_releases_amount_check', sql`${t.amount} > 0`)],
);

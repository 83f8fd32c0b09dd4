import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { LOAN_CLASSES } from '@bankmanager/contracts';
import { branches, inList } from './banking.ts';

/**
 * Pre-aggregated daily figures for the executive dashboard and the analysis screens (ADR 0049): filled
 * set-based by end of day (or once by the backfill for days before the step existed), read by the
 * reporting module alone. The dashboard adds only what was posted since, so it opens in the same time
 * whatever the history size.
 */

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });

/**
 * One row per aggregated business date. `through_entry_id` is the last journal entry the figures
 * include (end of day takes them inside the cut-off, so no entry below it commits later); null for a
 * backfilled day, whose figures are balances as at that date and never the base of "now".
 */
export const reportDays = pgTable('report_days', {
  businessDate: date('business_date').primaryKey(),
  throughEntryId: bigint('through_entry_id', { mode: 'number' }),
  source: text('source', { enum: ['eod', 'backfill'] }).notNull(),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Customer-account balances at the close of a business date per branch, product and currency:
 * `balance` is the signed sum of the accounts' balances (a Loan's is zero or below), `accounts` the
 * accounts not closed, `opened` those opened on the date.
 */
export const reportDailyPositions = pgTable(
  'report_daily_positions',
  {
    businessDate: date('business_date').notNull(),
    branchCode: text('branch_code')
      .notNull()
      .references(() => branches.code),
    productCode: text('product_code').notNull(),
    accountType: text('account_type').notNull(),
    currency: text('currency').notNull(),
    balance: money('balance').notNull(),
    accounts: integer('accounts').notNull(),
    opened: integer('opened').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessDate, t.branchCode, t.productCode, t.currency] }),
    index('report_daily_positions_branch_idx').on(t.branchCode, t.businessDate),
  ],
);

/** Cash at the close of a business date per branch and currency: the vault GL 1010-<branch>. */
export const reportDailyCash = pgTable(
  'report_daily_cash',
  {
    businessDate: date('business_date').notNull(),
    branchCode: text('branch_code')
      .notNull()
      .references(() => branches.code),
    currency: text('currency').notNull(),
    vault: money('vault').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessDate, t.branchCode, t.currency] })],
);

/**
 * Principal outstanding at the close of a business date per branch, currency and loan class, from that
 * night's loan snapshot (loan_daily_status): the executive dashboard's NPL ratio and its trend read
 * these few rows rather than the loans.
 */
export const reportDailyLoanClasses = pgTable(
  'report_daily_loan_classes',
  {
    businessDate: date('business_date').notNull(),
    branchCode: text('branch_code')
      .notNull()
      .references(() => branches.code),
    currency: text('currency').notNull(),
    loanClass: text('loan_class', { enum: LOAN_CLASSES }).notNull(),
    principal: money('principal').notNull(),
    loans: integer('loans').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'report_daily_loan_classes_pk',
      columns: [t.businessDate, t.branchCode, t.currency, t.loanClass],
    }),
    index('report_daily_loan_classes_branch_idx').on(t.branchCode, t.businessDate),
    check('report_daily_loan_classes_class_check', sql`${t.loanClass} in (${inList(LOAN_CLASSES)})`),
  ],
);

/**
 * Loan accounts under the loan portfolio's GL accounts with no loan-book record, at the close of a
 * business date per currency (every currency, zeros included, so a taken day is told from one taken
 * before the table existed): the classification return's line apart, read instead of every account's
 * balance at that date.
 */
export const reportDailyLoansOutsideBook = pgTable(
  'report_daily_loans_outside_book',
  {
    businessDate: date('business_date').notNull(),
    currency: text('currency').notNull(),
    accounts: integer('accounts').notNull(),
    principal: money('principal').notNull(),
  },
  (t) => [primaryKey({ name: 'report_daily_loans_outside_book_pk', columns: [t.businessDate, t.currency] })],
);

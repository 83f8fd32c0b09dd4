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
  uuid,
} from 'drizzle-orm/pg-core';
import {
  FOREIGN_CURRENCIES,
  SALARY_BATCH_STATUSES,
  STANDING_ORDER_FREQUENCIES,
  STANDING_ORDER_RUN_STATUSES,
  STANDING_ORDER_STATUSES,
} from '@bankmanager/contracts';
import { accounts } from './banking.ts';

/**
 * Payments (docs/payments.md): the day's exchange rates (treasury module), salary batches
 * and standing orders (payments module). Money moves only through journal entries; these tables hold
 * instructions and their outcome.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 6 });
const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
const rate = (name: string) => numeric(name, { precision: 16, scale: 6 });
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** Leones per 1 unit of a foreign currency, per business date: buy ≤ mid ≤ sell. */
export const fxRates = pgTable(
  'fx_rates',
  {
    currency: text('currency').notNull(),
    businessDate: date('business_date').notNull(),
    buy: rate('buy').notNull(),
    sell: rate('sell').notNull(),
    mid: rate('mid').notNull(),
    enteredBy: uuid('entered_by'),
    enteredByEmail: text('entered_by_email'),
    enteredAt: ts('entered_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'fx_rates_pkey', columns: [t.currency, t.businessDate] }),
    check('fx_rates_currency_check', sql`${t.currency} in (${inList(FOREIGN_CURRENCIES)})`),
    check('fx_rates_order_check', sql`${t.buy} > 0 and ${t.buy} <= ${t.mid} and ${t.mid} <= ${t.sell}`),
    // The list, newest date first.
    index('fx_rates_date_idx').on(t.businessDate, t.currency),
  ],
);

/** An employer's salary file: a draft until submitted, posted once approved. */
export const salaryBatches = pgTable(
  'salary_batches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    reference: text('reference').notNull().unique('salary_batches_reference_unique'),
    employerAccountId: bigint('employer_account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    currency: text('currency').notNull(),
    branchCode: text('branch_code').notNull(),
    narration: text('narration').notNull(),
    status: text('status').notNull().default('draft'),
    /** Grows with every change to the lines; the approval request carries it (subject_changed). */
    version: integer('version').notNull().default(1),
    makerId: uuid('maker_id').notNull(),
    makerEmail: text('maker_email').notNull(),
    approvalId: uuid('approval_id'),
    entryId: bigint('entry_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    submittedAt: ts('submitted_at'),
    postedAt: ts('posted_at'),
  },
  (t) => [
    check('salary_batches_status_check', sql`${t.status} in (${inList(SALARY_BATCH_STATUSES)})`),
    index('salary_batches_branch_idx').on(t.branchCode, t.id),
    index('salary_batches_status_idx').on(t.status, t.id),
  ],
);

/**
 * One line of a batch as uploaded (account number and amount as typed), with what validation found:
 * the account it names, the amount as a number, and its problem (null when it may post).
 */
export const salaryBatchLines = pgTable(
  'salary_batch_lines',
  {
    batchId: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => salaryBatches.id),
    lineNo: integer('line_no').notNull(),
    accountNumber: text('account_number').notNull(),
    amountText: text('amount_text').notNull(),
    narration: text('narration').notNull(),
    accountId: bigint('account_id', { mode: 'number' }),
    amount: money('amount'),
    problem: text('problem'),
    /** A duplicate's earlier line. */
    firstLine: integer('first_line'),
    // Salary check-off (migration 0100): the loan the line names, as typed and as found.
    loanAccountNumber: text('loan_account_number'),
    loanId: integer('loan_id'),
    /** What the posting paid toward the loan from the line (0.00: nothing was due, or it was refused). */
    checkOff: money('check_off'),
    /** Why the posting paid nothing toward the named loan, when it was refused (the salary still posts). */
    checkOffRefusal: text('check_off_refusal'),
  },
  (t) => [
    primaryKey({ name: 'salary_batch_lines_pkey', columns: [t.batchId, t.lineNo] }),
    // Validation's duplicate probe: an earlier line of the batch with the same account.
    index('salary_batch_lines_account_idx').on(t.batchId, t.accountNumber, t.lineNo),
    // The report's "problems only" page.
    index('salary_batch_lines_problem_idx')
      .on(t.batchId, t.lineNo)
      .where(sql`${t.problem} is not null`),
  ],
);

/** A recurring transfer. `next_date` is occurrence `seq` after `anchor_date` (no drift at month ends). */
export const standingOrders = pgTable(
  'standing_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    reference: text('reference').notNull().unique('standing_orders_reference_unique'),
    fromAccountId: bigint('from_account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    toAccountId: bigint('to_account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    amount: money('amount').notNull(),
    narration: text('narration').notNull(),
    frequency: text('frequency').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    nextDate: date('next_date'),
    /** Occurrences count from here (the start, or the next date an amendment set): no month-end drift. */
    anchorDate: date('anchor_date').notNull(),
    seq: integer('seq').notNull().default(0),
    status: text('status').notNull().default('active'),
    branchCode: text('branch_code').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    check('standing_orders_amount_check', sql`${t.amount} > 0`),
    check('standing_orders_accounts_check', sql`${t.fromAccountId} <> ${t.toAccountId}`),
    check('standing_orders_status_check', sql`${t.status} in (${inList(STANDING_ORDER_STATUSES)})`),
    check('standing_orders_frequency_check', sql`${t.frequency} in (${inList(STANDING_ORDER_FREQUENCIES)})`),
    check('standing_orders_dates_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    // The run: active orders due on or before a date.
    index('standing_orders_due_idx')
      .on(t.nextDate, t.id)
      .where(sql`${t.status} = 'active'`),
    index('standing_orders_branch_idx').on(t.branchCode, t.id),
    index('standing_orders_from_idx').on(t.fromAccountId),
    index('standing_orders_to_idx').on(t.toAccountId),
  ],
);

/** What happened to one due date of an order: its key is what makes a second run post nothing. */
export const standingOrderRuns = pgTable(
  'standing_order_runs',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => standingOrders.id),
    dueDate: date('due_date').notNull(),
    status: text('status').notNull(),
    code: text('code'),
    message: text('message'),
    entryId: bigint('entry_id', { mode: 'number' }),
    feeEntryId: bigint('fee_entry_id', { mode: 'number' }),
    attempts: integer('attempts').notNull().default(1),
    /** The business date of the last attempt: a due date is tried at most once per business date. */
    runDate: date('run_date').notNull(),
    runAt: ts('run_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'standing_order_runs_pkey', columns: [t.orderId, t.dueDate] }),
    check('standing_order_runs_status_check', sql`${t.status} in (${inList(STANDING_ORDER_RUN_STATUSES)})`),
  ],
);

/** The run rules: one row. */
export const standingOrderOptions = pgTable(
  'standing_order_options',
  {
    id: boolean('id').primaryKey().default(true),
    retryDays: integer('retry_days').notNull().default(0),
    failureFeeSle: money('failure_fee_sle'),
    failureFeeUsd: money('failure_fee_usd'),
    version: integer('version').notNull().default(1),
    updatedByEmail: text('updated_by_email'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('standing_order_options_one_row', sql`${t.id}`),
    check('standing_order_options_retry_check', sql`${t.retryDays} between 0 and 5`),
    check(
      'standing_order_options_fee_check',
      sql`coalesce(${t.failureFeeSle}, 1) > 0 and coalesce(${t.failureFeeUsd}, 1) > 0`,
    ),
  ],
);

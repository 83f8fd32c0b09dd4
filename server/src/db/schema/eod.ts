import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import {
  EOD_RUN_STATUSES,
  EOD_STEP_STATUSES,
  HOLIDAY_KINDS,
  PERIOD_KINDS,
  PERIOD_STATUSES,
} from '@bankmanager/contracts';
import { accounts, inList } from './banking.ts';

/**
 * End of day (docs/end-of-day.md): the calendar, the runs and their steps, and what each
 * step leaves behind per account. Those per-account rows are the steps' idempotency keys: a step does
 * nothing for an account that already has its row for the date, so a retry or a resumed run never
 * posts twice.
 */

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
/** Interest accrued at full precision (10 decimals); only postings are rounded to the cent. */
const exact = (name: string) => numeric(name, { precision: 30, scale: 10 });
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Non-working days: fixed public holidays recur every year (month, day); movable ones are one date. */
export const holidays = pgTable(
  'holidays',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind', { enum: HOLIDAY_KINDS }).notNull(),
    month: integer('month'),
    day: integer('day'),
    onDate: date('on_date'),
    name: text('name').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('holidays_kind_check', sql`${t.kind} in (${inList(HOLIDAY_KINDS)})`),
    check(
      'holidays_shape_check',
      sql`(${t.kind} = 'fixed' and ${t.month} between 1 and 12 and ${t.day} between 1 and 31 and ${t.onDate} is null)
          or (${t.kind} = 'movable' and ${t.onDate} is not null and ${t.month} is null and ${t.day} is null)`,
    ),
    uniqueIndex('holidays_fixed_unique')
      .on(t.month, t.day)
      .where(sql`${t.kind} = 'fixed'`),
    uniqueIndex('holidays_movable_unique')
      .on(t.onDate)
      .where(sql`${t.kind} = 'movable'`),
  ],
);

/** Accounting periods: a month (`2026-11`) or a year (`2026`); no row means open. */
export const accountingPeriods = pgTable(
  'accounting_periods',
  {
    period: text('period').primaryKey(),
    kind: text('kind', { enum: PERIOD_KINDS }).notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    status: text('status', { enum: PERIOD_STATUSES }).notNull().default('open'),
    closedBy: text('closed_by'),
    closedAt: ts('closed_at'),
  },
  (t) => [
    check('accounting_periods_kind_check', sql`${t.kind} in (${inList(PERIOD_KINDS)})`),
    check('accounting_periods_status_check', sql`${t.status} in (${inList(PERIOD_STATUSES)})`),
    index('accounting_periods_closed_idx')
      .on(t.startsOn, t.endsOn)
      .where(sql`${t.status} = 'closed'`),
  ],
);

/** One end-of-day run: the business date it closes, who asked, who confirmed, and where it is. */
export const eodRuns = pgTable(
  'eod_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    businessDate: date('business_date').notNull(),
    nextBusinessDate: date('next_business_date').notNull(),
    monthEnd: boolean('month_end').notNull(),
    quarterEnd: boolean('quarter_end').notNull(),
    status: text('status', { enum: EOD_RUN_STATUSES }).notNull(),
    approvalId: uuid('approval_id'),
    requestedBy: uuid('requested_by').notNull(),
    requestedEmail: text('requested_email').notNull(),
    approvedEmail: text('approved_email'),
    carryOver: jsonb('carry_over').$type<string[]>().notNull().default([]),
    suspenseAcknowledged: boolean('suspense_acknowledged').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    /** The server process working on it and until when its claim holds (renewed as it goes). */
    workerId: text('worker_id'),
    leaseUntil: ts('lease_until'),
    error: text('error'),
  },
  (t) => [
    check('eod_runs_status_check', sql`${t.status} in (${inList(EOD_RUN_STATUSES)})`),
    // One run at a time, bank-wide: at most one run waits, queues, runs or awaits its retry.
    uniqueIndex('eod_runs_one_active')
      .on(sql`(true)`)
      .where(sql`${t.status} in ('awaiting_approval', 'queued', 'running', 'failed')`),
    uniqueIndex('eod_runs_date_completed')
      .on(t.businessDate)
      .where(sql`${t.status} = 'completed'`),
    index('eod_runs_created_idx').on(t.createdAt, t.id),
  ],
);

/** Each step of a run (published on /realtime/v1 as `eod_run_steps`: the run screen updates live). */
export const eodRunSteps = pgTable(
  'eod_run_steps',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => eodRuns.id),
    step: text('step').notNull(),
    position: integer('position').notNull(),
    status: text('status', { enum: EOD_STEP_STATUSES }).notNull().default('pending'),
    rowsTotal: bigint('rows_total', { mode: 'number' }).notNull().default(0),
    rowsDone: bigint('rows_done', { mode: 'number' }).notNull().default(0),
    rowsFailed: integer('rows_failed').notNull().default(0),
    /** Where a chunked step goes on after a crash: the last account id it committed. */
    cursor: bigint('cursor', { mode: 'number' }).notNull().default(0),
    /** A laned step's places, one per lane (ADR 0089); null until such a step starts. */
    laneCursors: bigint('lane_cursors', { mode: 'number' }).array(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    note: text('note'),
    error: text('error'),
    totals: jsonb('totals').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    check('eod_run_steps_status_check', sql`${t.status} in (${inList(EOD_STEP_STATUSES)})`),
    uniqueIndex('eod_run_steps_run_step').on(t.runId, t.step),
  ],
);

/** An account a step could not process, with the reason; the step went on with the others. */
export const eodFailures = pgTable(
  'eod_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => eodRuns.id),
    businessDate: date('business_date').notNull(),
    step: text('step').notNull(),
    accountId: bigint('account_id', { mode: 'number' }),
    error: text('error').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('eod_failures_run_idx').on(t.runId, t.id)],
);

/**
 * Per account: interest accrued and not yet posted, at full precision, and the part of it booked to
 * the GL in cents (booked = accrued rounded to the cent after each accrual, so the interest payable GL
 * equals the sum of `credit_booked`). `*_through` is the last day accrued: a day is accrued once.
 */
export const accountInterest = pgTable('account_interest', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => accounts.id),
  creditAccrued: exact('credit_accrued').notNull().default('0'),
  creditBooked: money('credit_booked').notNull().default('0.00'),
  creditThrough: date('credit_through'),
  debitAccrued: exact('debit_accrued').notNull().default('0'),
  debitBooked: money('debit_booked').notNull().default('0.00'),
  debitThrough: date('debit_through'),
});

/** One row per account posted: its gross interest, the 15% WHT, the net credited (credit) or debited. */
export const interestPostings = pgTable(
  'interest_postings',
  {
    businessDate: date('business_date').notNull(),
    kind: text('kind', { enum: ['credit', 'debit'] }).notNull(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    productCode: text('product_code').notNull(),
    branchCode: text('branch_code').notNull(),
    currency: text('currency').notNull(),
    gross: money('gross').notNull(),
    wht: money('wht').notNull(),
    net: money('net').notNull(),
    entryId: bigint('entry_id', { mode: 'number' }),
    /** What posted it: month or quarter end, a maturity, or the account's closing. */
    reason: text('reason').notNull(),
  },
  (t) => [
    // Read by date only; no index by account (migration 0133).
    primaryKey({ columns: [t.businessDate, t.kind, t.accountId] }),
  ],
);

/** Interest accrued (booked cents) per day, product and branch: the report's source. */
export const eodInterestDaily = pgTable(
  'eod_interest_daily',
  {
    businessDate: date('business_date').notNull(),
    kind: text('kind', { enum: ['credit', 'debit'] }).notNull(),
    productCode: text('product_code').notNull(),
    branchCode: text('branch_code').notNull(),
    currency: text('currency').notNull(),
    accrued: numeric('accrued', { precision: 20, scale: 2 }).notNull(),
    accounts: integer('accounts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessDate, t.kind, t.productCode, t.branchCode, t.currency] })],
);

export const eodFeeCharges = pgTable(
  'eod_fee_charges',
  {
    businessDate: date('business_date').notNull(),
    fee: text('fee', { enum: ['monthly', 'below_minimum'] }).notNull(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    amount: money('amount').notNull(),
    entryId: bigint('entry_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.businessDate, t.fee, t.accountId] })],
);

export const eodDormancyMarks = pgTable(
  'eod_dormancy_marks',
  {
    businessDate: date('business_date').notNull(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    lastActivity: date('last_activity').notNull(),
    dormancyDays: integer('dormancy_days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessDate, t.accountId] })],
);

export const eodFdMaturities = pgTable(
  'eod_fd_maturities',
  {
    businessDate: date('business_date').notNull(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    action: text('action', { enum: ['none', 'principal', 'principal_and_interest'] }).notNull(),
    maturityDate: date('maturity_date').notNull(),
    newMaturityDate: date('new_maturity_date'),
    paidOut: money('paid_out').notNull(),
    payoutAccountId: bigint('payout_account_id', { mode: 'number' }),
    entryId: bigint('entry_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.businessDate, t.accountId] })],
);

/**
 * The last customer-initiated activity of each account (teller, transfer and posting-API lines, and
 * the history brought in by the seed or migration), kept by end of day from each day's entries, and
 * the last reactivation; dormancy counts from the later of them and the opening date.
 */
export const accountActivity = pgTable(
  'account_activity',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .primaryKey()
      .references(() => accounts.id),
    lastCustomerActivity: date('last_customer_activity'),
    reactivatedOn: date('reactivated_on'),
  },
  (t) => [index('account_activity_last_idx').on(t.lastCustomerActivity)],
);

/** Every GL account's balance per currency at the close of a business date (debit-positive). */
export const glDailyBalances = pgTable(
  'gl_daily_balances',
  {
    businessDate: date('business_date').notNull(),
    glCode: text('gl_code').notNull(),
    currency: text('currency').notNull(),
    balance: numeric('balance', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessDate, t.glCode, t.currency] })],
);

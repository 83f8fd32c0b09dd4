import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { CURRENCIES, LOAN_CLASSES } from '@bankmanager/contracts';
import { branches, inList } from './banking.ts';
import { loans } from './loans.ts';

/** Amounts of the loan book: the frozen schedule's width (ADR 0045). */
const part = (name: string) => numeric(name, { precision: 20, scale: 2 });

/**
 * The classification buckets (docs/loan-book.md, ADR 0053): data, seeded with the BSL defaults by
 * migration 0085. `position` orders them from best to worst; a loan takes the class whose inclusive
 * day range holds its days past due. Performing classes accrue interest into income.
 */
export const loanClasses = pgTable(
  'loan_classes',
  {
    code: text('code').primaryKey(),
    position: integer('position').notNull().unique('loan_classes_position_unique'),
    minDpd: integer('min_dpd').notNull(),
    maxDpd: integer('max_dpd'),
    performing: boolean('performing').notNull(),
  },
  (t) => [
    check('loan_classes_code_check', sql`${t.code} in (${inList(LOAN_CLASSES)})`),
    check(
      'loan_classes_range_check',
      sql`${t.minDpd} >= 0 and (${t.maxDpd} is null or ${t.maxDpd} >= ${t.minDpd})`,
    ),
  ],
);

/** What the accrual step booked per business date, product, branch and currency (the step's totals). */
export const loanAccrualDaily = pgTable(
  'loan_accrual_daily',
  {
    businessDate: date('business_date').notNull(),
    productCode: text('product_code').notNull(),
    branchCode: text('branch_code')
      .notNull()
      .references(() => branches.code),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    /** Net booked (accrual plus true-up); the true-up part alone. */
    booked: part('booked').notNull(),
    trueUp: part('true_up').notNull(),
    loans: integer('loans').notNull(),
    /** Of `booked`, what non-performing loans accrued into interest in suspense (ADR 0064). */
    suspended: part('suspended').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.businessDate, t.productCode, t.branchCode, t.currency] })],
);

/**
 * Each Active loan on each business date (the classification step): days past due, class, principal
 * outstanding, interest receivable and the overdue amount. The primary key serves a date's book (the
 * reports, ~200,000 loans a day); the loan index serves one loan's history.
 */
export const loanDailyStatus = pgTable(
  'loan_daily_status',
  {
    businessDate: date('business_date').notNull(),
    // Not a foreign key (migration 0117, ADR 0078): the step writes each row from its loan's own row,
    // and a key checked (and locked) 200,000 loans a night; no loan is deleted or renumbered (loans_kept).
    loanId: integer('loan_id').notNull(),
    dpd: integer('dpd').notNull(),
    // One of the five class codes, checked in the row (migration 0115): a foreign key to
    // loan_classes cost a lookup per row, 200,000 a night; the codes are fixed, their ranges are data.
    loanClass: text('loan_class').notNull(),
    principalOutstanding: part('principal_outstanding').notNull(),
    interestReceivable: part('interest_receivable').notNull(),
    overdueAmount: part('overdue_amount').notNull(),
    // Loan Reports (ADR 0066): the loan's suspense and provision as they stood on the date, so the
    // classification return for a past date reconciles with that date's GL balances.
    interestInSuspense: part('interest_in_suspense').notNull().default('0'),
    penaltyInSuspense: part('penalty_in_suspense').notNull().default('0'),
    provisionHeld: part('provision_held').notNull().default('0'),
  },
  (t) => [
    primaryKey({ name: 'loan_daily_status_pk', columns: [t.businessDate, t.loanId] }),
    index('loan_daily_status_loan_idx').on(t.loanId, t.businessDate.desc()),
    // Loan Reports' arrears list of a date, worst first (ADR 0066).
    index('loan_daily_status_arrears_idx')
      .on(t.businessDate, t.dpd.desc(), t.loanId)
      .where(sql`${t.dpd} > 0`),
    check('loan_daily_status_class_check', sql`${t.loanClass} in (${inList(LOAN_CLASSES)})`),
    check(
      'loan_daily_status_amounts_check',
      sql`${t.dpd} >= 0 and ${t.principalOutstanding} >= 0 and ${t.interestReceivable} >= 0 and ${t.overdueAmount} >= 0`,
    ),
  ],
);

/**
 * Late-payment penalties (ADR 0064): one row per overdue instalment charged, which is what makes the
 * charge once per instalment and a rerun of the date a no-op. `suspended`: charged on a
 * non-performing loan, into suspense rather than income. The date index serves the step's totals.
 */
export const loanPenaltyCharges = pgTable(
  'loan_penalty_charges',
  {
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    instalmentNumber: integer('instalment_number').notNull(),
    businessDate: date('business_date').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    amount: part('amount').notNull(),
    suspended: boolean('suspended').notNull(),
  },
  (t) => [
    primaryKey({ name: 'loan_penalty_charges_pk', columns: [t.loanId, t.instalmentNumber] }),
    index('loan_penalty_charges_date_idx').on(t.businessDate),
    check('loan_penalty_charges_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * What the suspense step moved out of income into suspense for a loan on a business date: the
 * interest and penalties receivable not yet in suspense when the loan was found non-performing (the
 * transition). The step's totals and the loan's audit trail read it.
 */
export const loanSuspenseMoves = pgTable(
  'loan_suspense_moves',
  {
    businessDate: date('business_date').notNull(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    interest: part('interest').notNull(),
    penalty: part('penalty').notNull(),
  },
  (t) => [
    primaryKey({ name: 'loan_suspense_moves_pk', columns: [t.businessDate, t.loanId] }),
    index('loan_suspense_moves_loan_idx').on(t.loanId),
    check('loan_suspense_moves_amounts_check', sql`${t.interest} >= 0 and ${t.penalty} >= 0`),
  ],
);

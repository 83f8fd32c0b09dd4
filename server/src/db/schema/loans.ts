import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CURRENCIES,
  LOAN_INTEREST_METHODS,
  LOAN_REPAYMENT_CHANNELS,
  LOAN_REPAYMENT_FREQUENCIES,
  LOAN_STATUSES,
  MAX_LOAN_TERM,
  OVERPAYMENT_HANDLING,
} from '@bankmanager/contracts';
import { staff } from './auth.ts';
import { accounts, branches, customers, inList } from './banking.ts';
import { journalEntries } from './ledger.ts';
import { loanProductVersions } from './lending.ts';
import { loanApplications } from './loan-applications.ts';
import { approvalRequests } from './roles.ts';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
/** The frozen schedule's parts: the shape the repayment engine shares (ADR 0045). */
const part = (name: string) => numeric(name, { precision: 20, scale: 2 });
const rate = (name: string) => numeric(name, { precision: 9, scale: 4 });

/**
 * Disbursed loans (docs/loans.md; migration 0077). One per application; the loan account carries the
 * principal owed (its balance, never above zero: accounts_balance_check). The loans module alone
 * writes it. Half of each page is left free (fillfactor 50, migration 0110): end of day rewrites every
 * Active loan's row each night, and with room on the page those updates touch none of its indexes.
 */
export const loans = pgTable(
  'loans',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .unique('loans_application_unique')
      .references(() => loanApplications.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .unique('loans_account_unique')
      .references(() => accounts.id),
    custId: integer('cust_id')
      .notNull()
      .references(() => customers.custId),
    branchCode: text('branch_code')
      .notNull()
      .references(() => branches.code),
    productCode: text('product_code').notNull(),
    productVersion: integer('product_version').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    amount: money('amount').notNull(),
    amountFinanced: money('amount_financed').notNull(),
    processingFee: money('processing_fee').notNull(),
    netDisbursed: money('net_disbursed').notNull(),
    rate: rate('rate').notNull(),
    term: integer('term').notNull(),
    interestMethod: text('interest_method', { enum: LOAN_INTEREST_METHODS }).notNull(),
    frequency: text('frequency', { enum: LOAN_REPAYMENT_FREQUENCIES }).notNull(),
    disbursementDate: date('disbursement_date').notNull(),
    firstDueDate: date('first_due_date').notNull(),
    repaymentAccountId: bigint('repayment_account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    status: text('status', { enum: LOAN_STATUSES }).notNull().default('Active'),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    approvalId: uuid('approval_id')
      .notNull()
      .references(() => approvalRequests.id),
    disbursedBy: uuid('disbursed_by')
      .notNull()
      .references(() => staff.userId),
    disbursedByEmail: text('disbursed_by_email').notNull(),
    approvedBy: uuid('approved_by')
      .notNull()
      .references(() => staff.userId),
    approvedByEmail: text('approved_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Interest accrued by the nightly accrual (ADR 0053) and not yet collected: a repayment's interest
    // credits the product's interest receivable GL for up to this much, interest income for the rest
    // (ADR 0052).
    interestReceivable: part('interest_receivable').notNull().default('0'),
    // The business date the last repayment or settlement cleared everything (Closed Loans shows it).
    closedOn: date('closed_on'),
    // The loan book's columns (docs/loan-book.md, ADR 0053), kept by end of day's loan steps.
    /** The class end of day last gave it (a code of loan_classes). */
    loanClass: text('loan_class').notNull().default('current'),
    /** Days past due on the last end of day. */
    daysPastDue: integer('days_past_due').notNull().default(0),
    // The loan book's second half (migration 0094, docs/loan-book.md).
    /** Penalties charged by end of day and not yet collected (GL 1422). */
    penaltyReceivable: part('penalty_receivable').notNull().default('0'),
    /** Interest accrued on a non-performing loan, held in suspense (GL 1428) until collected. */
    interestInSuspense: part('interest_in_suspense').notNull().default('0'),
    /** Penalties charged on a non-performing loan, held in suspense (GL 1428) until collected. */
    penaltyInSuspense: part('penalty_in_suspense').notNull().default('0'),
    /** The loan loss provision (GL 1490) last posted for this loan. */
    provisionHeld: part('provision_held').notNull().default('0'),
    /** Principal written off against the provision; collections after it are recoveries. */
    writtenOffPrincipal: part('written_off_principal').notNull().default('0'),
    writtenOffOn: date('written_off_on'),
    /** Rescheduled or restructured: the class stays at least Substandard until cured. */
    restructured: boolean('restructured').notNull().default(false),
    /**
     * A grade set by hand (four-eyes); end of day never upgrades past it until the loan is cured. The
     * migration makes it a foreign key to loan_classes (not declared here: loan-book.ts imports this file).
     */
    manualClass: text('manual_class'),
    /** Consecutive on-time payments since a manual grade or a restructuring, counted toward the cure. */
    curedPayments: integer('cured_payments').notNull().default(0),
    // The nightly accrual's state (ADR 0053; on the loan's row since migration 0114, so the night
    // writes one row a loan): the last day accrued (null: none since disbursement), the schedule
    // period's unrounded accrual and what of it is booked to the cent (on an instalment's due date
    // the period closes at exactly its interest and starts again at 0), and every cent booked to the
    // receivable by accrual and true-up over the loan's life.
    accruedThrough: date('accrued_through'),
    periodAccrued: numeric('period_accrued', { precision: 24, scale: 10 }).notNull().default('0'),
    periodBooked: part('period_booked').notNull().default('0'),
    interestAccruedTotal: part('interest_accrued_total').notNull().default('0'),
  },
  (t) => [
    check('loans_interest_receivable_check', sql`${t.interestReceivable} >= 0`),
    check('loans_period_accrual_check', sql`${t.periodBooked} >= 0 and ${t.periodAccrued} >= 0`),
    foreignKey({
      name: 'loans_product_version_fk',
      columns: [t.productCode, t.productVersion],
      foreignColumns: [loanProductVersions.productCode, loanProductVersions.version],
    }),
    check('loans_status_check', sql`${t.status} in (${inList(LOAN_STATUSES)})`),
    check('loans_currency_check', sql`${t.currency} in (${inList(CURRENCIES)})`),
    check('loans_method_check', sql`${t.interestMethod} in (${inList(LOAN_INTEREST_METHODS)})`),
    check('loans_frequency_check', sql`${t.frequency} in (${inList(LOAN_REPAYMENT_FREQUENCIES)})`),
    // What went out balances what is owed: financed = net paid out + fee (deducted or capitalised).
    check(
      'loans_amounts_check',
      sql`${t.amount} > 0 and ${t.processingFee} >= 0 and ${t.netDisbursed} > 0
        and ${t.amountFinanced} = ${t.netDisbursed} + ${t.processingFee}
        and ${t.amountFinanced} >= ${t.amount}`,
    ),
    check('loans_term_check', sql`${t.term} between 1 and ${sql.raw(String(MAX_LOAN_TERM))}`),
    check('loans_rate_check', sql`${t.rate} between 0 and 100`),
    check('loans_first_due_check', sql`${t.firstDueDate} > ${t.disbursementDate}`),
    index('loans_disbursed_idx').on(t.disbursementDate.desc(), t.id.desc()),
    index('loans_status_disbursed_idx').on(t.status, t.disbursementDate.desc(), t.id.desc()),
    index('loans_branch_status_disbursed_idx').on(
      t.branchCode,
      t.status,
      t.disbursementDate.desc(),
      t.id.desc(),
    ),
    index('loans_product_disbursed_idx').on(t.productCode, t.disbursementDate.desc(), t.id.desc()),
    index('loans_cust_idx').on(t.custId, t.status),
    index('loans_repayment_account_idx').on(t.repaymentAccountId),
    // The loan book's.
    check('loans_days_past_due_check', sql`${t.daysPastDue} >= 0`),
    check(
      'loans_part_two_amounts_check',
      sql`${t.penaltyReceivable} >= 0 and ${t.interestInSuspense} >= 0 and ${t.penaltyInSuspense} >= 0
        and ${t.provisionHeld} >= 0 and ${t.writtenOffPrincipal} >= 0 and ${t.curedPayments} >= 0`,
    ),
  ],
);

/**
 * A loan's schedule, frozen at disbursement: per instalment the four parts due and paid. The state
 * (paid, partly, overdue) is derived from paid against due, so a repayment writes the paid columns
 * only; the database refuses a part paid beyond its due or below zero.
 */
export const loanInstalments = pgTable(
  'loan_instalments',
  {
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    instalmentNumber: integer('instalment_number').notNull(),
    dueDate: date('due_date').notNull(),
    principalDue: part('principal_due').notNull(),
    interestDue: part('interest_due').notNull(),
    feeDue: part('fee_due').notNull(),
    penaltyDue: part('penalty_due').notNull().default('0'),
    principalPaid: part('principal_paid').notNull().default('0'),
    interestPaid: part('interest_paid').notNull().default('0'),
    feePaid: part('fee_paid').notNull().default('0'),
    penaltyPaid: part('penalty_paid').notNull().default('0'),
  },
  (t) => [
    primaryKey({ name: 'loan_instalments_pk', columns: [t.loanId, t.instalmentNumber] }),
    check('loan_instalments_number_check', sql`${t.instalmentNumber} >= 1`),
    check(
      'loan_instalments_paid_check',
      sql`${t.principalPaid} between 0 and ${t.principalDue} and ${t.interestPaid} between 0 and ${t.interestDue}
        and ${t.feePaid} between 0 and ${t.feeDue} and ${t.penaltyPaid} between 0 and ${t.penaltyDue}`,
    ),
    check(
      'loan_instalments_due_check',
      sql`${t.principalDue} >= 0 and ${t.interestDue} >= 0 and ${t.feeDue} >= 0 and ${t.penaltyDue} >= 0`,
    ),
    // The auto-debit and arrears steps read by date across all loans. Each loan's own instalments by
    // due date are read through loan_instalments_loan_due_idx (loan_id, due_date) INCLUDE (interest_due),
    // made by migration 0130 only: this builder cannot declare an INCLUDE.
    index('loan_instalments_due_date_idx').on(t.dueDate),
  ],
);

/**
 * Every repayment of a loan, whatever the channel (ADR 0052): what it paid of each part, its split per
 * instalment (so a reversal undoes it exactly), the rows a prepayment or settlement replaced, and the
 * journal it posted. The client's reference is unique: a retry finds the first repayment and posts
 * nothing twice. The database refuses one on a loan that is not Active (loan_repayments_loan_open).
 */
export const loanRepayments = pgTable(
  'loan_repayments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    reference: text('reference').notNull().unique('loan_repayments_reference_unique'),
    channel: text('channel', { enum: LOAN_REPAYMENT_CHANNELS }).notNull(),
    amount: money('amount').notNull(),
    principal: money('principal').notNull(),
    interest: money('interest').notNull(),
    /** The part of `interest` credited to interest receivable (the rest went to interest income). */
    interestReceivable: money('interest_receivable').notNull(),
    fee: money('fee').notNull(),
    penalty: money('penalty').notNull(),
    /** Of `interest_receivable`, what moved from suspense to income (ADR 0064). */
    interestFromSuspense: money('interest_from_suspense').notNull().default('0'),
    /** The part of `penalty` credited to penalty receivable, and of that what left suspense. */
    penaltyReceivable: money('penalty_receivable').notNull().default('0'),
    penaltyFromSuspense: money('penalty_from_suspense').notNull().default('0'),
    /** Principal repaid ahead of its due dates (inside `principal`). */
    prepayment: money('prepayment').notNull(),
    /** The customer's choice for money beyond what is due. */
    overpayment: text('overpayment', { enum: OVERPAYMENT_HANDLING }).notNull(),
    allocations: jsonb('allocations').notNull(),
    replaced: jsonb('replaced'),
    fromAccountId: bigint('from_account_id', { mode: 'number' }).references(() => accounts.id),
    tillSessionId: uuid('till_session_id'),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    valueDate: date('value_date').notNull(),
    actorId: uuid('actor_id').references(() => staff.userId),
    actorEmail: text('actor_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The entry that reversed it (four-eyes, newest first); its allocation was undone with it. */
    reversalEntryId: bigint('reversal_entry_id', { mode: 'number' })
      .unique('loan_repayments_reversal_entry_unique')
      .references(() => journalEntries.id),
  },
  (t) => [
    check('loan_repayments_channel_check', sql`${t.channel} in (${inList(LOAN_REPAYMENT_CHANNELS)})`),
    check('loan_repayments_overpayment_check', sql`${t.overpayment} in (${inList(OVERPAYMENT_HANDLING)})`),
    check(
      'loan_repayments_parts_check',
      sql`${t.amount} > 0 and ${t.principal} >= 0 and ${t.interest} >= 0 and ${t.fee} >= 0 and ${t.penalty} >= 0
        and ${t.prepayment} between 0 and ${t.principal} and ${t.interestReceivable} between 0 and ${t.interest}
        and ${t.amount} = ${t.principal} + ${t.interest} + ${t.fee} + ${t.penalty}`,
    ),
    check(
      'loan_repayments_suspense_check',
      sql`${t.interestFromSuspense} between 0 and ${t.interestReceivable}
        and ${t.penaltyReceivable} between 0 and ${t.penalty} and ${t.penaltyFromSuspense} between 0 and ${t.penaltyReceivable}`,
    ),
    index('loan_repayments_loan_idx').on(t.loanId, t.id.desc()),
    index('loan_repayments_entry_idx').on(t.entryId),
    // Loan Reports' disbursements and collections by day (ADR 0066).
    index('loan_repayments_value_date_idx').on(t.valueDate),
  ],
);

/**
 * A checker's approval of a cash disbursement (ADR 0070; migration 0105): the application stays
 * Approved until a teller pays it out of an open till, which is when the loan, its schedule and its
 * one journal are made. A new approval replaces the row; the loans module alone writes it.
 */
export const loanCashDisbursements = pgTable('loan_cash_disbursements', {
  applicationId: integer('application_id')
    .primaryKey()
    .references(() => loanApplications.id),
  approvalId: uuid('approval_id')
    .notNull()
    .references(() => approvalRequests.id),
  firstDueDate: date('first_due_date'),
  approvedBy: uuid('approved_by').notNull(),
  approvedByEmail: text('approved_by_email').notNull(),
  approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
});

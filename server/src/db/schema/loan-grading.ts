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
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEFAULT_CURE_PAYMENTS, MAX_CURE_PAYMENTS } from '@bankmanager/contracts';
import { loans } from './loans.ts';
import { approvalRequests } from './roles.ts';

const part = (name: string) => numeric(name, { precision: 20, scale: 2 });
const rate = (name: string) => numeric(name, { precision: 9, scale: 4 });

/**
 * The grading policy that is not a bucket (ADR 0067): how many instalments in a row, each paid in
 * full by its due date, cure a manual grade or a restructuring. One row; a change is four-eyes
 * together with the buckets (`loan_classes.change`).
 */
export const loanGradingSettings = pgTable(
  'loan_grading_settings',
  {
    id: boolean('id').primaryKey().default(true),
    curePayments: integer('cure_payments').notNull().default(DEFAULT_CURE_PAYMENTS),
  },
  (t) => [
    check('loan_grading_settings_one_row', sql`${t.id}`),
    check(
      'loan_grading_settings_cure_check',
      sql`${t.curePayments} between 1 and ${sql.raw(String(MAX_CURE_PAYMENTS))}`,
    ),
  ],
);

/**
 * A loan held at a floor (a manual grade or a restructuring) while it earns its cure: the day the
 * hold began and the last business date whose due instalments were counted, so a rerun of end of
 * day counts nothing twice. The row goes when the loan is cured.
 */
export const loanCureWatch = pgTable('loan_cure_watch', {
  loanId: integer('loan_id')
    .primaryKey()
    .references(() => loans.id),
  since: date('since').notNull(),
  countedThrough: date('counted_through').notNull(),
});

/**
 * Each restructuring or rescheduling (ADR 0067): the terms before and after, the principal the new
 * schedule repays and what of it was overdue principal capitalised, and the instalments it replaced
 * as they stood (the history; `loan_instalments` holds only the live schedule).
 */
export const loanRestructurings = pgTable(
  'loan_restructurings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    approvalId: uuid('approval_id')
      .notNull()
      .unique('loan_restructurings_approval_unique')
      .references(() => approvalRequests.id),
    businessDate: date('business_date').notNull(),
    effectiveDate: date('effective_date').notNull(),
    oldRate: rate('old_rate').notNull(),
    newRate: rate('new_rate').notNull(),
    oldTerm: integer('old_term').notNull(),
    newTerm: integer('new_term').notNull(),
    principal: part('principal').notNull(),
    capitalisedArrears: part('capitalised_arrears').notNull().default('0'),
    replaced: jsonb('replaced').notNull(),
    /** The loan's newest repayment when it was restructured: it and those before it are never reversed. */
    lastRepaymentId: bigint('last_repayment_id', { mode: 'number' }),
    reason: text('reason').notNull(),
    requestedBy: text('requested_by').notNull(),
    approvedBy: text('approved_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'loan_restructurings_amounts_check',
      sql`${t.principal} > 0 and ${t.capitalisedArrears} >= 0 and ${t.newTerm} >= 1`,
    ),
    index('loan_restructurings_loan_idx').on(t.loanId, t.id.desc()),
  ],
);

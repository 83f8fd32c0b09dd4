import { sql } from 'drizzle-orm';
import { check, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staff } from './auth.ts';

/**
 * The bank's regulatory capital per month (docs/loan-reports.md, ADR 0066): the denominator of the
 * large exposures report. Finance types it in once a month from the audited or management accounts; a
 * later change replaces the figure (with an audit row holding the old one). It moves no money and
 * approves nothing, so one person enters it: no four-eyes.
 */
export const bankCapital = pgTable(
  'bank_capital',
  {
    month: text('month').primaryKey(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    enteredBy: uuid('entered_by')
      .notNull()
      .references(() => staff.userId),
    enteredByEmail: text('entered_by_email').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bank_capital_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('bank_capital_amount_check', sql`${t.amount} > 0`),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  GL_ACCOUNT_STATUSES,
  GL_CLASSES,
  GL_CURRENCIES,
  GL_KINDS,
  JOURNAL_SOURCES,
  SIDES,
} from '@bankmanager/contracts';
import { exchangeRate, journalSource } from './domains.ts';

/**
 * The double-entry general ledger (docs/ledger.md, ADR 0016). Customer-account lines live in
 * `transactions` (banking.ts) with their entry_id; lines on GL accounts live in `gl_lines`; the view
 * `journal_lines` (migration gl_ledger) shows both as one table. Triggers in that migration enforce:
 * balanced entries per currency at commit, append-only lines, one reversal per entry, postings only on
 * the business date, and no direct line on a control account.
 */

const inList = (values: readonly string[]) =>
  sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));
const money = (name: string) => numeric(name, { precision: 18, scale: 2 });

/** The chart of accounts: class → group → account. Replaces ledger_codes. */
export const glAccounts = pgTable(
  'gl_accounts',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', { enum: GL_KINDS }).notNull(),
    /** null for a class; a class for a group; a group for an account. */
    parentCode: text('parent_code'),
    glClass: text('class', { enum: GL_CLASSES }).notNull(),
    currency: text('currency', { enum: GL_CURRENCIES }).notNull(),
    normalSide: text('normal_side', { enum: SIDES }).notNull(),
    status: text('status', { enum: GL_ACCOUNT_STATUSES }).notNull().default('active'),
    /** Whether POST /api/journal-entries may post to it. */
    manualPosting: boolean('manual_posting').notNull().default(false),
    /**
     * Whether an account posting (POST /api/accounts/:number/transactions) may name it as the other
     * side: suspense/clearing accounts only, so no one credits a customer straight from cash or income.
     */
    counterPosting: boolean('counter_posting').notNull().default(false),
    /** Products map to it; it takes no direct line, its balance is its customer accounts' sum. */
    isControl: boolean('is_control').notNull().default(false),
    /** Teller cash is per branch (FK to branches in the migration). */
    branchCode: text('branch_code'),
  },
  (t) => [
    check('gl_accounts_kind_check', sql`${t.kind} in (${inList(GL_KINDS)})`),
    check('gl_accounts_class_check', sql`${t.glClass} in (${inList(GL_CLASSES)})`),
    check('gl_accounts_currency_check', sql`${t.currency} in (${inList(GL_CURRENCIES)})`),
    check('gl_accounts_side_check', sql`${t.normalSide} in (${inList(SIDES)})`),
    check('gl_accounts_status_check', sql`${t.status} in (${inList(GL_ACCOUNT_STATUSES)})`),
    check('gl_accounts_parent_check', sql`(${t.kind} = 'class') = (${t.parentCode} is null)`),
    index('gl_accounts_parent_idx').on(t.parentCode, t.code),
  ],
);

/** One journal entry: two or more lines that balance per currency (checked at commit). */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The bank's business date when it was posted (= current_business_date()). */
    businessDate: date('business_date').notNull(),
    /** The date the money counts from (may be back-dated). */
    valueDate: date('value_date').notNull(),
    narration: text('narration').notNull(),
    source: journalSource('source').notNull(),
    /** The staff user (auth_users.id) who made it; null for migration, seed and system entries. */
    makerId: uuid('maker_id'),
    makerEmail: text('maker_email'),
    /** The client's idempotency key: one entry per reference. */
    reference: text('reference').notNull(),
    /** The entry this one reverses; unique, so an entry is reversed at most once. */
    reversalOf: bigint('reversal_of', { mode: 'number' }),
    /** SLE per 1 USD for a cross-currency entry. */
    fxRate: exchangeRate('fx_rate'),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'journal_entries_reversal_of_fk', columns: [t.reversalOf], foreignColumns: [t.id] }),
    unique('journal_entries_reference_unique').on(t.reference),
    unique('journal_entries_reversal_of_unique').on(t.reversalOf),
    check('journal_entries_not_self_reversal', sql`${t.reversalOf} is null or ${t.reversalOf} <> ${t.id}`),
    index('journal_entries_business_date_idx').on(t.businessDate, t.id),
    index('journal_entries_source_idx').on(t.source, t.id),
    index('journal_entries_maker_idx').on(t.makerEmail, t.id),
  ],
);

/**
 * Lines on GL accounts (customer-account lines are `transactions` rows). Ids come from the
 * transactions sequence so every line of the journal_lines view has a unique id.
 */
export const glLines = pgTable(
  'gl_lines',
  {
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .default(sql`nextval(pg_get_serial_sequence('transactions', 'id'))`),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    glCode: text('gl_code')
      .notNull()
      .references(() => glAccounts.code),
    currency: text('currency', { enum: ['SLE', 'USD'] }).notNull(),
    side: text('side', { enum: SIDES }).notNull(),
    amount: money('amount').notNull(),
    /**
     * The till session whose cash this line moves (teller cash, 1020-<branch>); required on that
     * account for teller entries. FK and rules in migration teller_core (the teller's schema).
     */
    tillSessionId: uuid('till_session_id'),
  },
  (t) => [
    check('gl_lines_amount_positive_check', sql`${t.amount} > 0`),
    check('gl_lines_side_check', sql`${t.side} in (${inList(SIDES)})`),
    check('gl_lines_currency_check', sql`${t.currency} in ('SLE', 'USD')`),
    index('gl_lines_entry_idx').on(t.entryId),
    // GL account statement: keyset by (entry_id, id) within an account.
    index('gl_lines_account_idx').on(t.glCode, t.currency, t.entryId, t.id),
  ],
);

/**
 * The bank's business date: one row. business_date null means "today's calendar date" until the
 * end-of-day issue sets it; current_business_date() reads it.
 */
export const bankBusinessDate = pgTable(
  'bank_business_date',
  {
    id: boolean('id').primaryKey().default(true),
    businessDate: date('business_date'),
    /** Set while an end-of-day run closes the day: only end-of-day entries may post then. */
    closingRunId: bigint('closing_run_id', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('bank_business_date_one_row', sql`${t.id}`)],
);

/**
 * What each maker and each customer account gave out today, per journal source that a daily limit
 * counts (teller cash, transfers, account postings): kept by a trigger on `transactions` (migration
 * 0068) as lines are posted, so the daily-limit check reads one row instead of summing the day's lines.
 * Reversals do not subtract: a limit counts what was taken out, as the lines did before. Rows of past
 * business dates are deleted when end of day advances the date.
 */
export const makerDailyDebits = pgTable(
  'maker_daily_debits',
  {
    businessDate: date('business_date').notNull(),
    makerId: uuid('maker_id').notNull(),
    source: text('source', { enum: JOURNAL_SOURCES }).notNull(),
    currency: text('currency').notNull(),
    /** One of 16 stripes by the debited account (maker_daily_debits_slot()): no single hot row per maker. */
    slot: integer('slot').notNull(),
    total: money('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessDate, t.makerId, t.source, t.currency, t.slot] })],
);

export const accountDailyDebits = pgTable(
  'account_daily_debits',
  {
    businessDate: date('business_date').notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    source: text('source', { enum: JOURNAL_SOURCES }).notNull(),
    total: money('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessDate, t.accountId, t.source] })],
);

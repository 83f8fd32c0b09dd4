import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CTR_DIRECTIONS, CTR_FILING_PERIODS, STR_STATUSES } from '@bankmanager/contracts';
import { amlCases } from './aml.ts';
import { inList } from './banking.ts';

/**
 * AML filing (docs/decisions/0048-goaml-filing.md): CTR filings and STRs. Migration `aml_filing` adds
 * the triggers that freeze them: the database refuses to delete either, or to change a filing (or an
 * approved STR) beyond recording the FIU's submission once.
 */
const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** One batch for the FIU: a closed business day or a calendar month, frozen with its exports. */
export const amlCtrFilings = pgTable(
  'aml_ctr_filings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    period: text('period', { enum: CTR_FILING_PERIODS }).notNull(),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    reports: integer('reports').notNull(),
    /** The documents as filed: a download is these bytes, whatever the code or the data become. */
    xml: text('xml').notNull(),
    csv: text('csv').notNull(),
    contentHash: text('content_hash').notNull(),
    preparedById: uuid('prepared_by_id').notNull(),
    preparedBy: text('prepared_by').notNull(),
    preparedAt: ts('prepared_at').notNull().defaultNow(),
    fiuSubmittedOn: date('fiu_submitted_on'),
    fiuReference: text('fiu_reference'),
    submittedBy: text('submitted_by'),
    submittedAt: ts('submitted_at'),
  },
  (t) => [
    check('aml_ctr_filings_period_check', sql`${t.period} in (${inList(CTR_FILING_PERIODS)})`),
    check('aml_ctr_filings_range', sql`${t.periodFrom} <= ${t.periodTo}`),
    check(
      'aml_ctr_filings_submission',
      sql`(${t.fiuSubmittedOn} is null) = (${t.fiuReference} is null) and (${t.fiuReference} is null) = (${t.submittedBy} is null)`,
    ),
    index('aml_ctr_filings_prepared_idx').on(t.preparedAt, t.id),
  ],
);

/** Each business day a filing covers, once: the primary key is why a day is never filed twice. */
export const amlCtrFiledDays = pgTable('aml_ctr_filed_days', {
  businessDate: date('business_date').primaryKey(),
  filingId: uuid('filing_id')
    .notNull()
    .references(() => amlCtrFilings.id),
});

/** The CTRs a filing carried: one customer's cash in or out on one day, with its transactions. */
export const amlCtrFilingRows = pgTable(
  'aml_ctr_filing_rows',
  {
    filingId: uuid('filing_id')
      .notNull()
      .references(() => amlCtrFilings.id),
    businessDate: date('business_date').notNull(),
    custId: integer('cust_id').notNull(),
    currency: text('currency').notNull(),
    direction: text('direction', { enum: CTR_DIRECTIONS }).notNull(),
    total: money('total').notNull(),
    count: integer('count').notNull(),
    transactions: jsonb('transactions').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.filingId, t.businessDate, t.custId, t.currency, t.direction] }),
    check('aml_ctr_filing_rows_direction_check', sql`${t.direction} in (${inList(CTR_DIRECTIONS)})`),
    // The CTR list shows which filing carried each row.
    uniqueIndex('aml_ctr_filing_rows_key').on(t.businessDate, t.custId, t.currency, t.direction),
  ],
);

/** STR-<year>-<number>: the numbers never repeat, even across years. */
export const amlStrReferenceSeq = pgSequence('aml_str_reference_seq');

/** A suspicious transaction report, from an AML case. */
export const amlStrReports = pgTable(
  'aml_str_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => amlCases.id),
    custId: integer('cust_id').notNull(),
    status: text('status', { enum: STR_STATUSES }).notNull().default('draft'),
    accounts: jsonb('accounts').$type<string[]>().notNull(),
    transactions: jsonb('transactions').$type<string[]>().notNull(),
    grounds: jsonb('grounds').$type<string[]>().notNull(),
    narrative: text('narrative').notNull(),
    action: text('action').notNull(),
    preparedById: uuid('prepared_by_id').notNull(),
    preparedBy: text('prepared_by').notNull(),
    preparedAt: ts('prepared_at').notNull().defaultNow(),
    approvalId: uuid('approval_id'),
    approvedBy: text('approved_by'),
    approvedAt: ts('approved_at'),
    /** Frozen at approval: the goAML XML as approved and its SHA-256. */
    xml: text('xml'),
    contentHash: text('content_hash'),
    fiuSubmittedOn: date('fiu_submitted_on'),
    fiuReference: text('fiu_reference'),
    submittedBy: text('submitted_by'),
    submittedAt: ts('submitted_at'),
  },
  (t) => [
    check('aml_str_reports_status_check', sql`${t.status} in (${inList(STR_STATUSES)})`),
    check(
      'aml_str_reports_frozen',
      sql`(${t.status} in ('approved', 'submitted')) = (${t.xml} is not null and ${t.contentHash} is not null and ${t.approvedBy} is not null)`,
    ),
    check('aml_str_reports_submitted', sql`(${t.status} = 'submitted') = (${t.fiuReference} is not null)`),
    // One report in progress per case; filed ones stay beside it.
    uniqueIndex('aml_str_reports_one_open_per_case')
      .on(t.caseId)
      .where(sql`${t.status} in ('draft', 'pending_approval')`),
    index('aml_str_reports_status_idx').on(t.status, t.preparedAt, t.id),
    index('aml_str_reports_prepared_idx').on(t.preparedAt, t.id),
  ],
);

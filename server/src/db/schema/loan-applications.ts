import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  COLLATERAL_TYPE_LIST,
  CURRENCIES,
  LOAN_APPLICATION_STATUSES,
  LOAN_DOCUMENT_KINDS,
  LOAN_RECOMMENDATIONS,
  MAX_LOAN_TERM,
} from '@bankmanager/contracts';
import { staff } from './auth.ts';
import { accounts, branches, customers, inList } from './banking.ts';
import { loanProductVersions } from './lending.ts';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
const rate = (name: string) => numeric(name, { precision: 9, scale: 4 });

/**
 * Loan applications (docs/loan-applications.md; migration 0071). The loan-applications module alone
 * writes them. An Approved row is what disbursement reads: customer, product version, amount, term,
 * rate and repayment account.
 */
export const loanApplications = pgTable(
  'loan_applications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
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
    term: integer('term').notNull(),
    rate: rate('rate').notNull(),
    sector: text('sector').notNull(),
    purpose: text('purpose').notNull().default(''),
    repaymentAccountId: bigint('repayment_account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    employer: text('employer'),
    netMonthlySalary: money('net_monthly_salary'),
    monthlyObligations: money('monthly_obligations'),
    status: text('status', { enum: LOAN_APPLICATION_STATUSES }).notNull().default('Draft'),
    officerId: uuid('officer_id')
      .notNull()
      .references(() => staff.userId),
    officerEmail: text('officer_email').notNull(),
    recommendation: text('recommendation', { enum: LOAN_RECOMMENDATIONS }),
    appraisalNotes: text('appraisal_notes'),
    overrideReason: text('override_reason'),
    /** The appraisal's facts (DSR, exposure, flags, authority) as the officer saw them. */
    appraisal: jsonb('appraisal'),
    appraisedBy: uuid('appraised_by').references(() => staff.userId),
    appraisedByEmail: text('appraised_by_email'),
    appraisedAt: timestamp('appraised_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    /** Optimistic locking for the four-eyes request (each change adds one). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'loan_applications_product_version_fk',
      columns: [t.productCode, t.productVersion],
      foreignColumns: [loanProductVersions.productCode, loanProductVersions.version],
    }),
    check('loan_applications_status_check', sql`${t.status} in (${inList(LOAN_APPLICATION_STATUSES)})`),
    check('loan_applications_currency_check', sql`${t.currency} in (${inList(CURRENCIES)})`),
    check('loan_applications_amount_check', sql`${t.amount} > 0`),
    check('loan_applications_term_check', sql`${t.term} between 1 and ${sql.raw(String(MAX_LOAN_TERM))}`),
    check('loan_applications_rate_check', sql`${t.rate} between 0 and 100`),
    check('loan_applications_sector_check', sql`${t.sector} ~ '^[A-Z]{3}$'`),
    check(
      'loan_applications_salary_check',
      sql`(${t.employer} is null and ${t.netMonthlySalary} is null and ${t.monthlyObligations} is null)
        or (${t.employer} is not null and ${t.netMonthlySalary} > 0 and ${t.monthlyObligations} >= 0)`,
    ),
    check(
      'loan_applications_recommendation_check',
      sql`${t.recommendation} is null or ${t.recommendation} in (${inList(LOAN_RECOMMENDATIONS)})`,
    ),
    check(
      'loan_applications_appraised_check',
      sql`${t.status} in ('Draft', 'Submitted', 'Withdrawn', 'Rejected')
        or (${t.recommendation} is not null and ${t.appraisal} is not null and ${t.appraisedBy} is not null)`,
    ),
    check('loan_applications_version_check', sql`${t.version} >= 1`),
    index('loan_applications_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('loan_applications_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('loan_applications_branch_status_created_idx').on(
      t.branchCode,
      t.status,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('loan_applications_officer_created_idx').on(t.officerId, t.createdAt.desc(), t.id.desc()),
    index('loan_applications_product_created_idx').on(t.productCode, t.createdAt.desc(), t.id.desc()),
    index('loan_applications_cust_status_idx').on(t.custId, t.status),
    index('loan_applications_repayment_account_idx').on(t.repaymentAccountId),
  ],
);

export const loanApplicationGuarantors = pgTable(
  'loan_application_guarantors',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => loanApplications.id),
    position: integer('position').notNull(),
    custId: integer('cust_id')
      .notNull()
      .references(() => customers.custId),
    amount: money('amount').notNull(),
  },
  (t) => [
    primaryKey({ name: 'loan_application_guarantors_pk', columns: [t.applicationId, t.position] }),
    unique('loan_application_guarantors_once').on(t.applicationId, t.custId),
    check('loan_application_guarantors_amount_check', sql`${t.amount} > 0`),
    index('loan_application_guarantors_cust_idx').on(t.custId),
  ],
);

export const loanApplicationCollateral = pgTable(
  'loan_application_collateral',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => loanApplications.id),
    position: integer('position').notNull(),
    type: text('type', { enum: COLLATERAL_TYPE_LIST }).notNull(),
    description: text('description').notNull(),
    marketValue: money('market_value').notNull(),
    forcedSaleValue: money('forced_sale_value').notNull(),
    /** The type's haircut when recorded: the policy's data may change later. */
    haircutPercent: rate('haircut_percent').notNull(),
  },
  (t) => [
    primaryKey({ name: 'loan_application_collateral_pk', columns: [t.applicationId, t.position] }),
    check('loan_application_collateral_type_check', sql`${t.type} in (${inList(COLLATERAL_TYPE_LIST)})`),
    check(
      'loan_application_collateral_value_check',
      sql`${t.forcedSaleValue} >= 0 and ${t.forcedSaleValue} <= ${t.marketValue}`,
    ),
    check('loan_application_collateral_haircut_check', sql`${t.haircutPercent} between 0 and 100`),
  ],
);

/** Every state change of an application (a committee's first vote: Appraised → Appraised). */
export const loanApplicationEvents = pgTable(
  'loan_application_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => loanApplications.id),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorId: uuid('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    reason: text('reason'),
    approvalId: uuid('approval_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('loan_application_events_application_idx').on(t.applicationId, t.id)],
);

/**
 * Documents filed with an application (payslip, employer letter, collateral papers; migration 0078).
 * The bytes are a storage object in the private `loan-documents` bucket; a row is never changed.
 */
export const loanApplicationDocuments = pgTable(
  'loan_application_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => loanApplications.id),
    kind: text('kind', { enum: LOAN_DOCUMENT_KINDS }).notNull(),
    objectPath: text('object_path').notNull().unique('loan_application_documents_object_unique'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedBy: uuid('uploaded_by').notNull(),
    uploadedByEmail: text('uploaded_by_email').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('loan_application_documents_kind_check', sql`${t.kind} in (${inList(LOAN_DOCUMENT_KINDS)})`),
    check('loan_application_documents_name_check', sql`length(${t.fileName}) between 1 and 200`),
    index('loan_application_documents_application_idx').on(t.applicationId, t.uploadedAt, t.id),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  date,
  foreignKey,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  RETURN_LINE_KINDS,
  RETURN_LINE_ATTRIBUTES,
  RETURN_EXPOSURE_MEASURES,
  RETURN_LOAN_FIGURES,
} from '@bankmanager/contracts';
import { inList } from './banking.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The BSL monthly returns' templates (docs/decisions/0042-bsl-monthly-returns.md): data, seeded by the
 * migration, read by the regulatory-returns module.
 */
export const returnTemplates = pgTable(
  'return_templates',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [unique('return_templates_position_unique').on(t.position)],
);

/** A return's lines in order; what a line computes is its kind (the checks say what each kind needs). */
export const returnTemplateLines = pgTable(
  'return_template_lines',
  {
    templateCode: text('template_code')
      .notNull()
      .references(() => returnTemplates.code),
    lineCode: text('line_code').notNull(),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    kind: text('kind', { enum: RETURN_LINE_KINDS }).notNull(),
    side: text('side', { enum: ['debit', 'credit'] })
      .notNull()
      .default('debit'),
    attribute: text('attribute', { enum: RETURN_LINE_ATTRIBUTES }),
    attributeValues: text('attribute_values').array(),
    terms: text('terms').array(),
    measure: text('measure', { enum: RETURN_EXPOSURE_MEASURES }),
    thresholdPercent: numeric('threshold_percent', { precision: 7, scale: 4 }),
    loanFigure: text('loan_figure', { enum: RETURN_LOAN_FIGURES }),
  },
  (t) => [
    primaryKey({ name: 'return_template_lines_pk', columns: [t.templateCode, t.lineCode] }),
    unique('return_template_lines_position_unique').on(t.templateCode, t.position),
    check('return_template_lines_kind_check', sql`${t.kind} in (${inList(RETURN_LINE_KINDS)})`),
    check('return_template_lines_side_check', sql`${t.side} in ('debit', 'credit')`),
    check(
      'return_template_lines_breakdown_check',
      sql`(${t.kind} in ('breakdown', 'loan')) = (${t.attribute} is not null and ${t.attributeValues} is not null)`,
    ),
    check(
      'return_template_lines_attribute_check',
      sql`${t.attribute} is null or (${t.kind} = 'breakdown' and ${t.attribute} in ('account_type', 'customer_type')) or (${t.kind} = 'loan' and ${t.attribute} in ('loan_class', 'loan_sector', 'customer_type'))`,
    ),
    check(
      'return_template_lines_loan_figure_check',
      sql`(${t.kind} = 'loan') = (${t.loanFigure} is not null) and (${t.loanFigure} is null or ${t.loanFigure} in (${inList(RETURN_LOAN_FIGURES)}))`,
    ),
    check(
      'return_template_lines_terms_check',
      sql`(${t.kind} in ('total', 'ratio')) = (${t.terms} is not null)`,
    ),
    check('return_template_lines_ratio_check', sql`${t.kind} <> 'ratio' or cardinality(${t.terms}) = 2`),
    check(
      'return_template_lines_exposure_check',
      sql`(${t.kind} = 'exposure') = (${t.measure} is not null and ${t.thresholdPercent} is not null)`,
    ),
    check(
      'return_template_lines_measure_check',
      sql`${t.measure} is null or ${t.measure} in (${inList(RETURN_EXPOSURE_MEASURES)})`,
    ),
  ],
);

/** The GL accounts (LIKE patterns on the code) a line reads. */
export const returnGlMappings = pgTable(
  'return_gl_mappings',
  {
    templateCode: text('template_code').notNull(),
    lineCode: text('line_code').notNull(),
    glPattern: text('gl_pattern').notNull(),
    sign: smallint('sign').notNull().default(1),
  },
  (t) => [
    primaryKey({ name: 'return_gl_mappings_pk', columns: [t.templateCode, t.lineCode, t.glPattern] }),
    foreignKey({
      name: 'return_gl_mappings_line_fk',
      columns: [t.templateCode, t.lineCode],
      foreignColumns: [returnTemplateLines.templateCode, returnTemplateLines.lineCode],
    }),
    check('return_gl_mappings_sign_check', sql`${t.sign} in (1, -1)`),
  ],
);

/** A line that must equal the trial balance of these GL accounts (the return's reconciliation). */
export const returnTemplateChecks = pgTable(
  'return_template_checks',
  {
    templateCode: text('template_code').notNull(),
    lineCode: text('line_code').notNull(),
    glPatterns: text('gl_patterns').array().notNull(),
  },
  (t) => [
    primaryKey({ name: 'return_template_checks_pk', columns: [t.templateCode, t.lineCode] }),
    foreignKey({
      name: 'return_template_checks_line_fk',
      columns: [t.templateCode, t.lineCode],
      foreignColumns: [returnTemplateLines.templateCode, returnTemplateLines.lineCode],
    }),
  ],
);

/**
 * A month end's returns as filed: never updated or deleted (a trigger refuses it); a correction is
 * the next version. The downloads are rendered once at sign-off and served as stored.
 */
export const regulatoryReturnFilings = pgTable(
  'regulatory_return_filings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    monthEnd: date('month_end').notNull(),
    version: integer('version').notNull(),
    snapshot: text('snapshot').notNull(),
    sha256: text('sha256').notNull(),
    xlsx: bytea('xlsx').notNull(),
    pdf: bytea('pdf').notNull(),
    csv: bytea('csv').notNull(),
    preparedBy: text('prepared_by').notNull(),
    approvedBy: text('approved_by').notNull(),
    approvalId: uuid('approval_id').notNull(),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('regulatory_return_filings_version_unique').on(t.monthEnd, t.version),
    check(
      'regulatory_return_filings_sha256_check',
      sql`${t.sha256} = encode(sha256(convert_to(${t.snapshot}, 'UTF8')), 'hex')`,
    ),
    check(
      'regulatory_return_filings_month_end_check',
      sql`${t.monthEnd} = (date_trunc('month', ${t.monthEnd}) + interval '1 month' - interval '1 day')::date`,
    ),
  ],
);

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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { AML_CASE_EVENT_KINDS, AML_CASE_STATUSES, AML_SCENARIOS } from '@bankmanager/contracts';
import { customers, inList } from './banking.ts';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });

/**
 * Transaction monitoring (docs/decisions/0047-aml-monitoring-rules-alerts-cases.md): rules as data,
 * their alerts and the cases alerts group into. Only the aml module reads or writes these, and none
 * is published to realtime: a customer's servers must never learn of them.
 */
export const amlRules = pgTable(
  'aml_rules',
  {
    scenario: text('scenario').primaryKey(),
    description: text('description').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    score: integer('score').notNull(),
    /** Checked by the scenario's schema in contracts before a change is asked and again when it runs. */
    params: jsonb('params').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [
    check('aml_rules_scenario_check', sql`${t.scenario} in (${inList(AML_SCENARIOS)})`),
    check('aml_rules_score_check', sql`${t.score} between 1 and 100`),
  ],
);

export const amlCases = pgTable(
  'aml_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.custId),
    status: text('status', { enum: AML_CASE_STATUSES }).notNull().default('open'),
    assigneeId: uuid('assignee_id'),
    assigneeEmail: text('assignee_email'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    openedBy: text('opened_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedReason: text('closed_reason'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('aml_cases_status_check', sql`${t.status} in (${inList(AML_CASE_STATUSES)})`),
    check(
      'aml_cases_closed_reason_check',
      sql`${t.status} <> 'closed_no_action' or ${t.closedReason} is not null`,
    ),
    // One active case per customer: a new alert joins it rather than opening another.
    uniqueIndex('aml_cases_one_active')
      .on(t.customerId)
      .where(sql`${t.status} in ('open', 'under_investigation', 'escalated')`),
    index('aml_cases_queue').on(t.status, t.updatedAt.desc(), t.id),
    index('aml_cases_customer').on(t.customerId),
  ],
);

export const amlAlerts = pgTable(
  'aml_alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    scenario: text('scenario')
      .notNull()
      .references(() => amlRules.scenario),
    ruleVersion: integer('rule_version').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.custId),
    businessDate: date('business_date').notNull(),
    score: integer('score').notNull(),
    /** What the rule summed or saw (in the alert's currency). */
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    entryIds: bigint('entry_ids', { mode: 'number' }).array().notNull(),
    facts: jsonb('facts').notNull().default({}),
    caseId: uuid('case_id').references(() => amlCases.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One alert per rule, customer and business date: end of day and the teller's posting both
    // upsert it, so evaluating a date again changes nothing but the facts it has learned.
    uniqueIndex('aml_alerts_rule_customer_day').on(t.scenario, t.customerId, t.businessDate),
    index('aml_alerts_queue').on(t.businessDate.desc(), t.id.desc()),
    index('aml_alerts_score').on(t.score.desc(), t.id.desc()),
    index('aml_alerts_customer').on(t.customerId),
    index('aml_alerts_case').on(t.caseId),
  ],
);

/** A case's history: opening, each transition with its reason, notes and assignments. */
export const amlCaseEvents = pgTable(
  'aml_case_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => amlCases.id),
    kind: text('kind', { enum: AML_CASE_EVENT_KINDS }).notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    text: text('text'),
  },
  (t) => [index('aml_case_events_case').on(t.caseId, t.id)],
);

/** Evidence filed with a case; the bytes are in the private `aml-evidence` bucket. Never changed or deleted. */
export const amlCaseAttachments = pgTable(
  'aml_case_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => amlCases.id),
    objectPath: text('object_path').notNull().unique('aml_case_attachments_object_unique'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedBy: uuid('uploaded_by').notNull(),
    uploadedByEmail: text('uploaded_by_email').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('aml_case_attachments_name_check', sql`length(${t.fileName}) between 1 and 200`),
    index('aml_case_attachments_case_idx').on(t.caseId, t.uploadedAt, t.id),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  SANCTIONS_HIT_STATUSES,
  SANCTIONS_HIT_TRIGGERS,
  SANCTIONS_SOURCES,
  SANCTIONS_VERSION_STATUSES,
} from '@bankmanager/contracts';
import { customers, inList } from './banking.ts';

/**
 * Sanctions screening (docs/decisions/0044-sanctions-screening-with-trigrams.md); migration
 * `sanctions_screening` also creates the SQL function `sanctions_norm` the names are compared by.
 */
export const sanctionsSettings = pgTable(
  'sanctions_settings',
  {
    id: boolean('id').primaryKey().default(true),
    /** Hits scoring below it are not raised: data, so Compliance tunes it without a release. */
    threshold: numeric('threshold', { precision: 4, scale: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sanctions_settings_one_row', sql`${t.id}`),
    check('sanctions_settings_threshold_check', sql`${t.threshold} > 0 and ${t.threshold} <= 1`),
  ],
);

/** Each import of a list: a numbered version, pending until a second officer approves it. */
export const sanctionsListVersions = pgTable(
  'sanctions_list_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    source: text('source', { enum: SANCTIONS_SOURCES }).notNull(),
    version: integer('version').notNull(),
    status: text('status', { enum: SANCTIONS_VERSION_STATUSES }).notNull().default('pending'),
    fileName: text('file_name').notNull(),
    generatedAt: text('generated_at'),
    entries: integer('entries').notNull().default(0),
    added: integer('added').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    uploadedBy: text('uploaded_by').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    approvalId: uuid('approval_id'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    unique('sanctions_list_versions_source_version_unique').on(t.source, t.version),
    check('sanctions_list_versions_source_check', sql`${t.source} in (${inList(SANCTIONS_SOURCES)})`),
    check(
      'sanctions_list_versions_status_check',
      sql`${t.status} in (${inList(SANCTIONS_VERSION_STATUSES)})`,
    ),
    uniqueIndex('sanctions_list_versions_one_active')
      .on(t.source)
      .where(sql`${t.status} = 'active'`),
    index('sanctions_list_versions_newest').on(t.uploadedAt.desc(), t.id.desc()),
  ],
);

/** The entries of a version, kept after it is superseded: a hit's evidence points at one. */
export const sanctionsEntries = pgTable(
  'sanctions_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    versionId: bigint('version_id', { mode: 'number' })
      .notNull()
      .references(() => sanctionsListVersions.id),
    /** The UN list's DATAID, or the local list's reference: stable across versions. */
    ref: text('ref').notNull(),
    kind: text('kind', { enum: ['individual', 'entity'] }).notNull(),
    name: text('name').notNull(),
    aliases: text('aliases')
      .array()
      .notNull()
      .default(sql`'{}'`),
    referenceNumber: text('reference_number'),
    listType: text('list_type'),
    datesOfBirth: text('dates_of_birth')
      .array()
      .notNull()
      .default(sql`'{}'`),
    nationalities: text('nationalities')
      .array()
      .notNull()
      .default(sql`'{}'`),
    listedOn: text('listed_on'),
    comments: text('comments'),
    /** A digest of what matching and evidence read: a different one in the next version is a change. */
    fingerprint: text('fingerprint').notNull(),
  },
  (t) => [
    unique('sanctions_entries_version_ref_unique').on(t.versionId, t.ref),
    check('sanctions_entries_kind_check', sql`${t.kind} in ('individual', 'entity')`),
  ],
);

/** One row per name or alias of the versions in force or awaiting approval: what the trigram index searches. */
export const sanctionsNames = pgTable(
  'sanctions_names',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => sanctionsEntries.id, { onDelete: 'cascade' }),
    versionId: bigint('version_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    field: text('field', { enum: ['name', 'alias'] }).notNull(),
    norm: text('norm').notNull(),
  },
  (t) => [
    check('sanctions_names_field_check', sql`${t.field} in ('name', 'alias')`),
    index('sanctions_names_norm_trgm').using('gin', sql`${t.norm} gin_trgm_ops`),
    index('sanctions_names_version').on(t.versionId),
  ],
);

/** A customer's potential match with one designation, open until Compliance clears or confirms it. */
export const sanctionsHits = pgTable(
  'sanctions_hits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    custId: integer('cust_id')
      .notNull()
      .references(() => customers.custId),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => sanctionsEntries.id),
    /** `source:ref`: the designation across list versions. */
    entryKey: text('entry_key').notNull(),
    screenedName: text('screened_name').notNull(),
    matchedName: text('matched_name').notNull(),
    matchedFields: text('matched_fields').array().notNull(),
    score: numeric('score', { precision: 4, scale: 3 }).notNull(),
    trigger: text('trigger', { enum: SANCTIONS_HIT_TRIGGERS }).notNull(),
    status: text('status', { enum: SANCTIONS_HIT_STATUSES }).notNull().default('open'),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sanctions_hits_trigger_check', sql`${t.trigger} in (${inList(SANCTIONS_HIT_TRIGGERS)})`),
    check('sanctions_hits_status_check', sql`${t.status} in (${inList(SANCTIONS_HIT_STATUSES)})`),
    check(
      'sanctions_hits_decided_check',
      sql`${t.status} = 'open' or (${t.reason} is not null and ${t.decidedBy} is not null)`,
    ),
    check('sanctions_hits_score_check', sql`${t.score} >= 0 and ${t.score} <= 1`),
    uniqueIndex('sanctions_hits_customer_entry').on(t.custId, t.entryKey),
    index('sanctions_hits_queue').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('sanctions_hits_score').on(t.status, t.score.desc(), t.id.desc()),
  ],
);

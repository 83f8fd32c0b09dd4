import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BUILT_REPORT_FORMATS, REPORT_FREQUENCIES, REPORT_RUN_STATUSES } from '@bankmanager/contracts';
import { staff } from './auth.ts';
import { roles } from './roles.ts';

/*
 * Built reports (ADR 0059): schedules for a role, runs executed in the background by each server's
 * worker (claimed with SKIP LOCKED, leased so a dead server's run is taken over), and the inbox rows
 * each run delivers to the holders of its schedule's role. Read and written by the built-reports module.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 6 });
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reportId: text('report_id').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    format: text('format', { enum: BUILT_REPORT_FORMATS }).notNull(),
    frequency: text('frequency', { enum: REPORT_FREQUENCIES }).notNull(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => staff.userId, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('report_schedules_format_check', sql`${t.format} in (${inList(BUILT_REPORT_FORMATS)})`),
    check('report_schedules_frequency_check', sql`${t.frequency} in (${inList(REPORT_FREQUENCIES)})`),
  ],
);

export const reportRuns = pgTable(
  'report_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reportId: text('report_id').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    format: text('format', { enum: BUILT_REPORT_FORMATS }).notNull(),
    /** The branch the run is confined to (the asker's home branch when not bank-wide); null: all. */
    branchScope: text('branch_scope'),
    status: text('status', { enum: REPORT_RUN_STATUSES }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    requestedBy: uuid('requested_by').references(() => staff.userId, { onDelete: 'set null' }),
    requestedByEmail: text('requested_by_email').notNull(),
    scheduleId: bigint('schedule_id', { mode: 'number' }).references(() => reportSchedules.id),
    /** A scheduled run's business date: one run per schedule and date, whatever end of day retries. */
    businessDate: date('business_date'),
    workerId: text('worker_id'),
    leaseUntil: ts('lease_until'),
    rows: integer('rows'),
    result: jsonb('result'),
    file: bytea('file'),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    check('report_runs_status_check', sql`${t.status} in (${inList(REPORT_RUN_STATUSES)})`),
    check('report_runs_format_check', sql`${t.format} in (${inList(BUILT_REPORT_FORMATS)})`),
    check('report_runs_progress_check', sql`${t.progress} between 0 and 100`),
    uniqueIndex('report_runs_schedule_date_uq').on(t.scheduleId, t.businessDate),
    // The worker's claim: the oldest queued run (partial: done runs never slow it down).
    index('report_runs_queued_idx')
      .on(t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('report_runs_requested_idx').on(t.requestedBy, t.id),
  ],
);

export const reportInbox = pgTable(
  'report_inbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => staff.userId, { onDelete: 'cascade' }),
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => reportRuns.id),
    deliveredAt: ts('delivered_at').notNull().defaultNow(),
    readAt: ts('read_at'),
  },
  (t) => [
    uniqueIndex('report_inbox_user_run_uq').on(t.userId, t.runId),
    index('report_inbox_user_idx').on(t.userId, t.id),
    index('report_inbox_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  STATEMENT_BATCH_FORMATS,
  STATEMENT_BATCH_SCOPES,
  STATEMENT_BATCH_STATUSES,
} from '@bankmanager/contracts';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 6 });
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Reports → Statement Printing (ADR 0060): one row per bulk statement job. The background worker claims
 * a queued row (or one whose lease ran out: its server died) and writes the result into the
 * `statement-batches` bucket under `object_path`, in the same transaction that marks it done.
 */
export const statementBatches = pgTable(
  'statement_batches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    status: text('status').notNull().default('queued'),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    scope: text('scope').notNull(),
    /** null: every branch (a bank-wide user's "all accounts with activity"). */
    branchCode: text('branch_code'),
    format: text('format').notNull(),
    accountsTotal: integer('accounts_total'),
    accountsDone: integer('accounts_done').notNull().default(0),
    /** How many times a worker has claimed it: above 1, a crash made it start again. */
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    workerId: text('worker_id'),
    leaseUntil: ts('lease_until'),
    requestedBy: uuid('requested_by').notNull(),
    requestedEmail: text('requested_email').notNull(),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    objectPath: text('object_path'),
    fileName: text('file_name'),
    size: bigint('size', { mode: 'number' }),
  },
  (t) => [
    check('statement_batches_status_check', sql`${t.status} in (${inList(STATEMENT_BATCH_STATUSES)})`),
    check('statement_batches_scope_check', sql`${t.scope} in (${inList(STATEMENT_BATCH_SCOPES)})`),
    check('statement_batches_format_check', sql`${t.format} in (${inList(STATEMENT_BATCH_FORMATS)})`),
    check('statement_batches_period_check', sql`${t.periodFrom} <= ${t.periodTo}`),
    check('statement_batches_done_check', sql`(${t.status} = 'done') = (${t.objectPath} is not null)`),
    // A branch's list, newest first (bank-wide, the primary key serves).
    index('statement_batches_branch_idx').on(t.branchCode, t.id),
    // The worker's claim: the oldest waiting or abandoned batch.
    index('statement_batches_open_idx')
      .on(t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

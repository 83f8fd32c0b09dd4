import { z } from 'zod';
import { pageQuerySchema } from './paging.ts';

/**
 * Reports → Statement Printing: month-end (or any period's) statements in bulk, produced in the
 * background (ADR 0060). One schema for the form and the server.
 */

/** The longest period one batch covers: a year's statements, leap day included. */
export const STATEMENT_BATCH_MAX_DAYS = 366;

export const STATEMENT_BATCH_SCOPES = ['branch', 'activity'] as const;
export type StatementBatchScope = (typeof STATEMENT_BATCH_SCOPES)[number];
export const STATEMENT_BATCH_FORMATS = ['zip', 'merged'] as const;
export type StatementBatchFormat = (typeof STATEMENT_BATCH_FORMATS)[number];
export const STATEMENT_BATCH_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type StatementBatchStatus = (typeof STATEMENT_BATCH_STATUSES)[number];

export const STATEMENT_BATCH_TEXT = {
  title: 'Statement Printing',
  intro:
    'Statements for every account of a branch, or for every account with postings in the period, produced in the background.',
  month: 'Month end',
  range: 'Date range',
  scopeBranch: 'Every account of the branch',
  scopeActivity: 'Every account with activity in the period',
  formatZip: 'One PDF per account, in a ZIP',
  formatMerged: 'One merged PDF per branch',
  start: 'Start printing',
  started: 'Statement batch queued',
  download: 'Download',
  listCaption: 'Statement batches, newest first',
  empty: 'No statement batches yet.',
  progress: (done: number, total: number) =>
    `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} statements`,
  endAfterToday: 'The statement period cannot end after the business date',
  tooLong: `A batch covers at most ${STATEMENT_BATCH_MAX_DAYS} days`,
  branchRequired: 'Choose the branch whose accounts to print',
  notDone: 'The batch has no file yet: it is not done',
  notFound: (id: number) => `Statement batch ${id} does not exist`,
} as const;

export const STATEMENT_BATCH_STATUS_LABEL: Record<StatementBatchStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

/** A calendar date that exists (the database would refuse "2026-02-30" with a 500). */
const isoDate = z.iso
  .date({ error: 'Use a date like 2026-01-31' })
  .refine((d) => d >= '0001-01-01', 'Use a date like 2026-01-31');

const dayCount = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

export const statementBatchCreateSchema = z
  .object({
    from: isoDate,
    to: isoDate,
    scope: z.enum(STATEMENT_BATCH_SCOPES),
    /** Required for "every account of the branch" by a bank-wide user; a branch user's is their own. */
    branch: z
      .string()
      .regex(/^\d{3}$/, 'must be a branch code of three digits')
      .optional(),
    format: z.enum(STATEMENT_BATCH_FORMATS),
  })
  .refine((q) => q.from <= q.to, { message: 'The start date must not be after the end date', path: ['from'] })
  .refine((q) => q.from > q.to || dayCount(q.from, q.to) <= STATEMENT_BATCH_MAX_DAYS, {
    message: STATEMENT_BATCH_TEXT.tooLong,
    path: ['to'],
  });
export type StatementBatchCreate = z.infer<typeof statementBatchCreateSchema>;

export const statementBatchSchema = z.object({
  id: z.number().int(),
  status: z.enum(STATEMENT_BATCH_STATUSES),
  from: z.string(),
  to: z.string(),
  scope: z.enum(STATEMENT_BATCH_SCOPES),
  /** null: every branch (a bank-wide user's "all accounts with activity"). */
  branch: z.string().nullable(),
  format: z.enum(STATEMENT_BATCH_FORMATS),
  /** Accounts to print; null until the worker has counted them. */
  total: z.number().int().nullable(),
  done: z.number().int(),
  error: z.string().nullable(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The download's name, once done. */
  fileName: z.string().nullable(),
  size: z.number().int().nullable(),
});
export type StatementBatch = z.infer<typeof statementBatchSchema>;

export const statementBatchParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});
export const statementBatchListQuerySchema = pageQuerySchema;

/** The file a done batch downloads as: a ZIP, or one PDF when a single branch was merged. */
export function statementBatchFileName(b: Pick<StatementBatch, 'id' | 'from' | 'to' | 'format' | 'branch'>) {
  const single = b.format === 'merged' && b.branch !== null;
  return `statements-${b.id}-${b.branch ?? 'all'}-${b.from}-to-${b.to}.${single ? 'pdf' : 'zip'}`;
}

import { z } from 'zod';
import { isoDateSchema } from '../banking.ts';
import { pageQuerySchema } from '../paging.ts';
import {
  EOD_PRECHECKS,
  EOD_PRECHECK_STATES,
  EOD_RUN_STATUSES,
  EOD_STEPS,
  EOD_STEP_STATUSES,
} from './steps.ts';

export const eodPendingApprovalSchema = z.object({
  id: z.string(),
  type: z.string(),
  label: z.string(),
  makerEmail: z.string(),
  subjectId: z.string(),
  createdAt: z.string(),
});

export const eodPrecheckSchema = z.object({
  key: z.enum(EOD_PRECHECKS),
  label: z.string(),
  state: z.enum(EOD_PRECHECK_STATES),
  message: z.string(),
  /** What the check found: open tills, pending requests, suspense balances. */
  items: z.array(z.record(z.string(), z.string())),
});
export type EodPrecheck = z.infer<typeof eodPrecheckSchema>;

/** GET /api/eod/prechecks: the day to close, what comes next, and each check. */
export const eodPrechecksSchema = z.object({
  businessDate: isoDateSchema,
  nextBusinessDate: isoDateSchema,
  monthEnd: z.boolean(),
  quarterEnd: z.boolean(),
  checks: z.array(eodPrecheckSchema),
  pendingApprovals: z.array(eodPendingApprovalSchema),
});
export type EodPrechecks = z.infer<typeof eodPrechecksSchema>;

/** POST /api/eod/runs: what the maker explicitly accepts. */
export const eodRunRequestSchema = z.object({
  /** Exactly the pending approval ids listed by the pre-checks, to move them to the next business day. */
  carryOverApprovalIds: z.array(z.uuid()).max(1000).default([]),
  /** Suspense is not at zero and the maker knows it. */
  acknowledgeSuspense: z.boolean().default(false),
});
export type EodRunRequest = z.infer<typeof eodRunRequestSchema>;

export const eodRunCreatedSchema = z.object({ approvalId: z.string(), runId: z.string() });

export const eodStepSchema = z.object({
  step: z.enum(EOD_STEPS),
  label: z.string(),
  position: z.number(),
  status: z.enum(EOD_STEP_STATUSES),
  rowsTotal: z.number(),
  rowsDone: z.number(),
  rowsFailed: z.number(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  updatedAt: z.string(),
  note: z.string().nullable(),
  error: z.string().nullable(),
  /** Figures of what the step did, per currency where money moved: { "SLE gross": "4246.58", … }. */
  totals: z.record(z.string(), z.string()),
});
export type EodStepView = z.infer<typeof eodStepSchema>;

export const eodFailureSchema = z.object({
  step: z.enum(EOD_STEPS),
  accountNumber: z.string().nullable(),
  error: z.string(),
  at: z.string(),
});

export const eodRunSchema = z.object({
  id: z.string(),
  businessDate: isoDateSchema,
  nextBusinessDate: isoDateSchema,
  monthEnd: z.boolean(),
  quarterEnd: z.boolean(),
  status: z.enum(EOD_RUN_STATUSES),
  approvalId: z.string().nullable(),
  requestedBy: z.string(),
  approvedBy: z.string().nullable(),
  carriedOver: z.number(),
  suspenseAcknowledged: z.boolean(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  steps: z.array(eodStepSchema),
  failures: z.array(eodFailureSchema),
  failureCount: z.number(),
});
export type EodRun = z.infer<typeof eodRunSchema>;

export const eodRunSummarySchema = eodRunSchema.omit({ steps: true, failures: true });
export type EodRunSummary = z.infer<typeof eodRunSummarySchema>;
export const eodRunListQuerySchema = pageQuerySchema;
export const eodRunIdParamSchema = z.object({ id: z.string().regex(/^\d{1,18}$/, 'must be a run id') });

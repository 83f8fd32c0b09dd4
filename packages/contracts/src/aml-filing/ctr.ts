import { z } from 'zod';
import { currencySchema, isoDateSchema, moneySchema } from '../banking.ts';
import { pageQuerySchema } from '../paging.ts';

/**
 * Currency transaction reports (docs/decisions/0048-goaml-filing.md). A CTR is one customer's cash in
 * (or, separately, out) on one business day, summed across accounts and branches, at or over
 * CTR_THRESHOLD: three deposits of Le 29,999.99 by one customer on one day are one CTR. Closed
 * business days are filed to the FIU in frozen batches (a day or a month), never twice.
 */
export const CTR_DIRECTIONS = ['in', 'out'] as const;
export type CtrDirection = (typeof CTR_DIRECTIONS)[number];
export const CTR_FILING_PERIODS = ['day', 'month'] as const;
export type CtrFilingPeriod = (typeof CTR_FILING_PERIODS)[number];
/** Without a start date the list shows this many days up to the end date (the index's working set). */
export const CTR_DEFAULT_DAYS = 31;
/** The widest range one list or export covers: a year, so a query never walks the whole history. */
export const CTR_MAX_DAYS = 366;
export const CTR_AGGREGATE_PAGE_SIZE = 25;

export const CTR_LABELS = {
  direction: { in: 'Cash in', out: 'Cash out' },
  period: { day: 'One business day', month: 'One calendar month' },
} as const;

export const CTR_TEXT = {
  rangeTooWide: `A CTR list covers at most ${CTR_MAX_DAYS} days; narrow the dates.`,
  fromAfterTo: 'The start date is after the end date',
  notClosed: 'Only closed business days are filed: this period reaches the current business date.',
  alreadyFiled: (days: string) => `Already filed: ${days}. A day is filed once.`,
  submittedTwice: 'The FIU submission of this filing is already recorded.',
  notFound: 'No such CTR filing',
  submittedBeforePrepared: 'The FIU submission date cannot be before the filing was prepared',
} as const;

const dateRange = {
  branch: z
    .string()
    .regex(/^\d{3}$/)
    .optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
};

/** GET /api/ctr-reports: the per-customer, per-day CTRs, newest day first; CSV exports the filter. */
export const ctrReportQuerySchema = pageQuerySchema.extend({
  ...dateRange,
  format: z.enum(['json', 'csv']).default('json'),
});
export type CtrReportQuery = z.infer<typeof ctrReportQuerySchema>;

export const ctrReportTransactionSchema = z.object({
  reference: z.string(),
  entryId: z.string(),
  branch: z.string(),
  accountNumber: z.string(),
  amount: moneySchema,
  postedAt: z.string(),
  partyName: z.string(),
  partyIdNumber: z.string(),
});
export type CtrReportTransaction = z.infer<typeof ctrReportTransactionSchema>;

export const ctrReportSchema = z.object({
  businessDate: isoDateSchema,
  custId: z.number().int(),
  customerName: z.string(),
  customerBranch: z.string(),
  currency: currencySchema,
  direction: z.enum(CTR_DIRECTIONS),
  total: moneySchema,
  count: z.number().int(),
  /** The filing that carried it to the FIU, once filed. */
  filingReference: z.string().nullable(),
  transactions: z.array(ctrReportTransactionSchema),
});
export type CtrReport = z.infer<typeof ctrReportSchema>;

/** POST /api/ctr-filings: prepare the batch of a closed business day, or of a whole month. */
export const ctrFilingCreateSchema = z.object({
  period: z.enum(CTR_FILING_PERIODS),
  /** The day; for a month, any day of it. */
  date: isoDateSchema,
});
export type CtrFilingCreate = z.infer<typeof ctrFilingCreateSchema>;

export const ctrFilingSchema = z.object({
  id: z.string(),
  reference: z.string(),
  period: z.enum(CTR_FILING_PERIODS),
  periodFrom: isoDateSchema,
  periodTo: isoDateSchema,
  reports: z.number().int(),
  /** SHA-256 of the frozen goAML XML, hex. */
  contentHash: z.string(),
  preparedBy: z.string(),
  preparedAt: z.string(),
  fiuSubmittedOn: isoDateSchema.nullable(),
  fiuReference: z.string().nullable(),
  submittedBy: z.string().nullable(),
  submittedAt: z.string().nullable(),
});
export type CtrFiling = z.infer<typeof ctrFilingSchema>;

export const ctrFilingQuerySchema = pageQuerySchema;
export const ctrFilingParamSchema = z.object({ id: z.uuid() });
export const ctrFilingFileParamSchema = z.object({ id: z.uuid(), format: z.enum(['xml', 'csv']) });

/** POST /api/ctr-filings/:id/submission: the FIU's acknowledgement, recorded once. */
export const fiuSubmissionSchema = z.object({
  submittedOn: isoDateSchema,
  reference: z.string().trim().min(1, 'The FIU reference is required').max(100),
});
export type FiuSubmission = z.infer<typeof fiuSubmissionSchema>;

export const ctrFilingFileName = (reference: string, format: 'xml' | 'csv') =>
  `${reference.toLowerCase()}.${format}`;

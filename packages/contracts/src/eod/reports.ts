import { z } from 'zod';
import { isoDateSchema } from '../banking.ts';

export const EOD_REPORTS = ['daily', 'interest', 'wht', 'dormant'] as const;
export type EodReportKind = (typeof EOD_REPORTS)[number];

export const EOD_REPORT_TITLES: Record<EodReportKind, string> = {
  daily: 'Daily end-of-day report',
  interest: 'Interest accrued and paid by product and branch',
  wht: 'Withholding tax due to NRA',
  dormant: 'Dormant accounts newly marked',
};

/** `date` for the daily and dormant reports; `from`/`to` for interest; `month` (YYYY-MM) for WHT. */
export const eodReportQuerySchema = z.object({
  date: isoDateSchema.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be YYYY-MM')
    .optional(),
  format: z.enum(['json', 'csv', 'pdf']).default('json'),
});
export type EodReportQuery = z.infer<typeof eodReportQuerySchema>;

/** Every report is a titled table: the screen, the CSV and the PDF show the same cells. */
export const eodReportSchema = z.object({
  report: z.enum(EOD_REPORTS),
  title: z.string(),
  subtitle: z.array(z.string()),
  /** `money`: amounts shown in the row's currency (the cell at `currencyColumn`) on screen and in the PDF. */
  columns: z.array(z.object({ title: z.string(), numeric: z.boolean(), money: z.boolean().optional() })),
  currencyColumn: z.number().int().optional(),
  rows: z.array(z.array(z.string())),
  totals: z.array(z.array(z.string())),
  /** More rows than a report shows (dormant accounts): the CSV has them all. */
  truncated: z.boolean(),
});
export type EodReport = z.infer<typeof eodReportSchema>;

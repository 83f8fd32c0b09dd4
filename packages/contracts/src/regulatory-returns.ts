import { z } from 'zod';
import { pageQuerySchema } from './paging.ts';

/*
 * BSL monthly prudential returns (docs/decisions/0042-bsl-monthly-returns.md): templates whose lines
 * map GL accounts (and, for breakdowns, account and customer attributes) to figures; a month end's
 * returns prepared from the trial balance of that date beside the previous month; four-eyes sign-off
 * freezing a version with its sha256; the filed version's XLSX, PDF and CSV downloads.
 * Every figure is per currency (SLE and USD side by side), never converted or summed across them.
 */

/**
 * What a line computes. `gl`: its mapped GL accounts' trial balance on the line's side; `breakdown`:
 * the customer accounts under its mapped control accounts whose attribute is one of its values;
 * `exposure`: per borrower, the loans at or over a percentage of the capital base; `total`: its terms
 * (`-code` subtracts); `ratio`: the first term over the second, in percent; `unavailable`: a line whose
 * data does not exist yet; `heading`: a caption; `loan`: one figure of the loan book's month-end
 * snapshot summed over the loans whose class, economic sector or borrower type is one of its values.
 */
export const RETURN_LINE_KINDS = [
  'heading',
  'gl',
  'breakdown',
  'exposure',
  'total',
  'ratio',
  'unavailable',
  'loan',
] as const;
export type ReturnLineKind = (typeof RETURN_LINE_KINDS)[number];
export const RETURN_LINE_ATTRIBUTES = ['account_type', 'customer_type', 'loan_class', 'loan_sector'] as const;
/** What a `loan` line sums: principal outstanding, interest and penalties in suspense, provision held. */
export const RETURN_LOAN_FIGURES = ['principal', 'suspense', 'provision'] as const;
export const RETURN_EXPOSURE_MEASURES = ['count', 'sum', 'largest'] as const;
export const RETURN_CURRENCIES = ['SLE', 'USD'] as const;

/** How a line's figures read: money (2 decimals), a count of borrowers, or a percentage. */
export const RETURN_LINE_UNITS = ['amount', 'count', 'percent'] as const;
export type ReturnLineUnit = (typeof RETURN_LINE_UNITS)[number];

export const RETURN_FILE_FORMATS = ['xlsx', 'pdf', 'csv'] as const;
export type ReturnFileFormat = (typeof RETURN_FILE_FORMATS)[number];

export const RETURNS_TEXT = {
  monthEnd: 'Choose the last day of a month, like 2026-10-31',
  future: 'That month has not ended yet: choose a month end on or before the current business date.',
  notAvailable: 'not yet available',
  stale: 'The figures changed since you prepared them (a posting was made for that month). Prepare again.',
  notReconciled:
    'A return does not agree with the trial balance: it cannot be signed off until every difference is 0.00.',
  filingNotFound: 'No filed return with that number.',
  patterns: 'GL codes or patterns like 1030 or 1020-% (digits and dashes, % at the end)',
  noGlMatch: (p: string) => `No GL account matches ${p}`,
  notMapped: 'This line reads no GL accounts: only GL, breakdown and exposure lines have a mapping.',
  lineNotFound: 'No such line in this return.',
  sameMapping: 'That is already the line’s mapping.',
  reason: 'Say why the mapping changes',
  pending:
    'This month’s returns are already waiting for sign-off: that request is approved, rejected or withdrawn first.',
  approvalLabel: 'BSL monthly returns sign-off',
  prepared: 'Prepared from the trial balance at the end of the month.',
  title: 'BSL monthly returns',
} as const;

/** A month end: a real date that is the last day of its month. */
export const monthEndSchema = z.iso
  .date({ error: RETURNS_TEXT.monthEnd })
  .refine((d) => d >= '0001-01-01' && isMonthEnd(d), RETURNS_TEXT.monthEnd);

/** Whether a valid ISO date is the last day of its month (the next day is the 1st). */
export function isMonthEnd(date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.getUTCDate() === 1;
}

/** The month end before `monthEnd`: the day before its month's first day. */
export function previousMonthEnd(monthEnd: string): string {
  const d = new Date(`${monthEnd.slice(0, 8)}01T00:00:00Z`);
  d.setUTCDate(0);
  return d.toISOString().slice(0, 10);
}

/** A figure per currency; null where the line has none (a heading, a line not yet available). */
const figure = z.string().nullable();
export const returnFiguresSchema = z.object({ SLE: figure, USD: figure });
export type ReturnFigures = z.infer<typeof returnFiguresSchema>;

export const returnLineSchema = z.object({
  code: z.string(),
  label: z.string(),
  kind: z.enum(RETURN_LINE_KINDS),
  unit: z.enum(RETURN_LINE_UNITS),
  current: returnFiguresSchema,
  previous: returnFiguresSchema,
  /** current − previous (percentage points for a ratio). */
  variance: returnFiguresSchema,
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

/** One reconciliation: a line against the trial balance of the GL accounts it must equal. */
export const returnCheckSchema = z.object({
  line: z.string(),
  label: z.string(),
  currency: z.enum(RETURN_CURRENCIES),
  returnTotal: z.string(),
  trialBalance: z.string(),
  /** returnTotal − trialBalance: must be 0.00. */
  difference: z.string(),
});
export type ReturnCheck = z.infer<typeof returnCheckSchema>;

export const preparedReturnSchema = z.object({
  code: z.string(),
  name: z.string(),
  note: z.string(),
  lines: z.array(returnLineSchema),
  checks: z.array(returnCheckSchema),
  reconciled: z.boolean(),
});
export type PreparedReturn = z.infer<typeof preparedReturnSchema>;

export const preparedReturnsSchema = z.object({
  monthEnd: z.string(),
  previousMonthEnd: z.string(),
  returns: z.array(preparedReturnSchema),
  /** Every check of every return has a difference of 0.00. */
  reconciled: z.boolean(),
  /** sha256 of the figures: the sign-off request carries it, so a checker never files other figures. */
  fingerprint: z.string(),
});
export type PreparedReturns = z.infer<typeof preparedReturnsSchema>;

export const returnsPrepareQuerySchema = z.object({ monthEnd: monthEndSchema });
export const returnsSignOffSchema = z.object({
  monthEnd: monthEndSchema,
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/, 'Prepare the returns first'),
});
export type ReturnsSignOff = z.infer<typeof returnsSignOffSchema>;

/** A filed version, without its figures. */
export const returnFilingSchema = z.object({
  id: z.number().int(),
  monthEnd: z.string(),
  version: z.number().int(),
  sha256: z.string(),
  preparedBy: z.string(),
  approvedBy: z.string(),
  filedAt: z.string(),
});
export type ReturnFiling = z.infer<typeof returnFilingSchema>;

/** A filed version with the figures exactly as signed off. */
export const returnFilingDetailSchema = returnFilingSchema.extend({ returns: preparedReturnsSchema });
export type ReturnFilingDetail = z.infer<typeof returnFilingDetailSchema>;

export const returnFilingListQuerySchema = pageQuerySchema.extend({ monthEnd: monthEndSchema.optional() });
export const returnFilingDownloadQuerySchema = z.object({ format: z.enum(RETURN_FILE_FORMATS) });

/** `bsl-returns-<month end>-v<version>.<format>`: what, which month, which filed version. */
export const returnFileName = (monthEnd: string, version: number, format: ReturnFileFormat): string =>
  `bsl-returns-${monthEnd}-v${version}.${format}`;

/** The templates and their lines, for the screen that shows what each line reads. */
export const returnTemplateLineSchema = z.object({
  code: z.string(),
  position: z.number().int(),
  label: z.string(),
  kind: z.enum(RETURN_LINE_KINDS),
  side: z.enum(['debit', 'credit']),
  glPatterns: z.array(z.string()),
});
export const returnTemplateSchema = z.object({
  code: z.string(),
  name: z.string(),
  note: z.string(),
  lines: z.array(returnTemplateLineSchema),
});
export type ReturnTemplate = z.infer<typeof returnTemplateSchema>;

/** One GL code or a LIKE pattern on the codes: digits and dashes, optionally ending in %. */
export const returnGlPatternSchema = z
  .string()
  .trim()
  .regex(/^[0-9][0-9-]{0,19}%?$/, RETURNS_TEXT.patterns);

/** A line's new mapping (four-eyes, `return_mapping.change`): the GL accounts it reads from now on. */
export const returnMappingChangeSchema = z.object({
  glPatterns: z.array(returnGlPatternSchema).min(1, RETURNS_TEXT.patterns).max(20),
  reason: z.string().trim().min(1, RETURNS_TEXT.reason).max(500),
});
export type ReturnMappingChange = z.infer<typeof returnMappingChangeSchema>;

import { z } from 'zod';
import { isoDateSchema } from './banking.ts';

/*
 * Built reports (Reports → Built Reports): the catalogue of ready-made reports with typed parameters,
 * their runs in the background, schedules for a role and the report inbox (docs/reports.md, ADR 0059).
 * One list for the server (which validates and runs) and the web (which draws the form from it).
 */

/** The typed parameters a report may take. Each is optional unless the report lists it in `required`. */
export const REPORT_PARAMS = ['date', 'from', 'to', 'branch', 'product'] as const;
export type ReportParam = (typeof REPORT_PARAMS)[number];

export const REPORT_PARAM_LABELS: Record<ReportParam, string> = {
  date: 'As of date',
  from: 'From',
  to: 'To',
  branch: 'Branch',
  product: 'Product',
};

export const BUILT_REPORT_FORMATS = ['screen', 'csv', 'xlsx', 'pdf'] as const;
export type BuiltReportFormat = (typeof BUILT_REPORT_FORMATS)[number];
export const BUILT_REPORT_FORMAT_LABELS: Record<BuiltReportFormat, string> = {
  screen: 'On screen',
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
  pdf: 'PDF',
};

export interface BuiltReportDef {
  id: string;
  title: string;
  group: 'General ledger' | 'End of day' | 'Accounts' | 'Customers and cash' | 'Loans';
  description: string;
  params: readonly ReportParam[];
  required: readonly ReportParam[];
  /** Whole-bank figures (no branch parameter): only staff who see every branch may run them. */
  bankWide: boolean;
  /**
   * A report that keeps its own screen (teller proof, CTR list, customer reports): the catalogue lists
   * it and links there instead of running it here, so its query stays in one place.
   */
  screen?: string;
}

const def = (d: Omit<BuiltReportDef, 'required' | 'bankWide'> & Partial<BuiltReportDef>): BuiltReportDef => ({
  required: [],
  bankWide: !d.params.includes('branch'),
  ...d,
});

export const BUILT_REPORTS = [
  def({
    id: 'trial_balance',
    title: 'Trial balance',
    group: 'General ledger',
    description: 'Every GL account’s balance at the end of a date, debits beside credits.',
    params: ['date'],
  }),
  def({
    id: 'balance_sheet',
    title: 'Balance sheet',
    group: 'General ledger',
    description: 'Assets, liabilities and equity at the end of a date.',
    params: ['date'],
  }),
  def({
    id: 'income_statement',
    title: 'Income statement',
    group: 'General ledger',
    description: 'Income and expenses over a period.',
    params: ['from', 'to'],
    required: ['to'],
  }),
  def({
    id: 'eod_daily',
    title: 'Daily end-of-day report',
    group: 'End of day',
    description: 'What one end-of-day run did, step by step.',
    params: ['date'],
  }),
  def({
    id: 'interest',
    title: 'Interest accrued and paid',
    group: 'End of day',
    description: 'Interest accrued and paid by product and branch over a period.',
    params: ['from', 'to'],
  }),
  def({
    id: 'wht',
    title: 'Withholding tax due to NRA',
    group: 'End of day',
    description: 'Withholding tax on interest for the month of the date.',
    params: ['date'],
  }),
  def({
    id: 'account_openings',
    title: 'Accounts opened and closed',
    group: 'Accounts',
    description: 'Accounts opened or closed in a period, by branch and product.',
    params: ['from', 'to', 'branch', 'product'],
    required: ['from', 'to'],
  }),
  def({
    id: 'dormant_accounts',
    title: 'Dormant accounts',
    group: 'Accounts',
    description: 'Accounts now dormant, with their balance and last activity.',
    params: ['branch', 'product'],
  }),
  def({
    id: 'top_depositors',
    title: 'Top depositors',
    group: 'Accounts',
    description: 'The 100 customers with the largest deposits now, per currency.',
    params: ['branch', 'product'],
  }),
  def({
    id: 'overdrawn_accounts',
    title: 'Overdrawn accounts',
    group: 'Accounts',
    description: 'Deposit accounts below zero now, largest first.',
    params: ['branch', 'product'],
  }),
  def({
    id: 'fee_income',
    title: 'Fee income by product',
    group: 'Accounts',
    description: 'Fees charged by end of day in a period, per product, fee and currency.',
    params: ['from', 'to', 'branch'],
    required: ['from', 'to'],
  }),
  def({
    id: 'teller_proof',
    title: 'Teller proof',
    group: 'Customers and cash',
    description: 'The branch’s tills and vault proved against the ledger (its own screen).',
    params: [],
    screen: '/transactions/proof',
  }),
  def({
    id: 'ctr_list',
    title: 'Cash transaction reports',
    group: 'Customers and cash',
    description: 'Cash at or above the reporting threshold (its own screen).',
    params: [],
    screen: '/reports/ctr',
  }),
  def({
    id: 'customer_reports',
    title: 'Customer reports',
    group: 'Customers and cash',
    description: 'Customers by type, branch and status (its own screen).',
    params: [],
    screen: '/customers/reports',
  }),
  // Loan Reports (docs/loan-reports.md): the same builders as the Loan Reports screen.
  def({
    id: 'loan_portfolio_at_risk',
    title: 'Loan portfolio at risk',
    group: 'Loans',
    description: 'PAR1, PAR30 and PAR90 by branch as shares of the principal outstanding, on a date.',
    params: ['date', 'branch'],
  }),
  def({
    id: 'loan_arrears_ageing',
    title: 'Loan arrears ageing',
    group: 'Loans',
    description: 'Loans past due on a date by age bucket, with the borrowers’ contacts.',
    params: ['date', 'branch'],
  }),
  def({
    id: 'loan_classification_return',
    title: 'Loan classification and provisioning return',
    group: 'Loans',
    description: 'The BSL table by class on a date, its totals beside the GL.',
    params: ['date'],
  }),
  def({
    id: 'loan_insider_loans',
    title: 'Insider and related-party loans',
    group: 'Loans',
    description: 'Loans to staff, PEPs and organisations they direct, against standard terms.',
    params: ['date', 'branch'],
  }),
  def({
    id: 'loan_large_exposures',
    title: 'Large exposures',
    group: 'Loans',
    description: 'Obligors at or above 10% of the month’s capital.',
    params: ['date'],
  }),
  def({
    id: 'loan_disbursements_collections',
    title: 'Loan disbursements and collections',
    group: 'Loans',
    description: 'Per day: disbursed, expected, collected and the collection rate.',
    params: ['from', 'to', 'branch'],
    required: ['from', 'to'],
  }),
] as const satisfies readonly BuiltReportDef[];

export type BuiltReportId = (typeof BUILT_REPORTS)[number]['id'];
export const BUILT_REPORT_IDS = BUILT_REPORTS.map((r) => r.id) as [BuiltReportId, ...BuiltReportId[]];
/** The reports this screen runs (the others link to their own screens). */
export const RUNNABLE_REPORT_IDS = BUILT_REPORTS.filter((r) => !('screen' in r)).map((r) => r.id) as [
  BuiltReportId,
  ...BuiltReportId[],
];

export const builtReport = (id: string): BuiltReportDef | undefined =>
  (BUILT_REPORTS as readonly BuiltReportDef[]).find((r) => r.id === id);

export const BUILT_REPORTS_TEXT = {
  title: 'Built Reports',
  endBeforeStart: 'The end date must not be before the start date',
  required: 'Required',
  bankWideOnly: 'This report covers the whole bank: it needs the permission to see every branch.',
  notRunnable: 'This report has its own screen',
  notFailed: 'Only a failed run can be retried',
  queued: 'The report is queued: it runs in the background.',
  inboxEmpty: 'No reports have arrived yet.',
  newInInbox: (title: string) => `New report in your inbox: ${title}`,
  schedulesTitle: 'Report schedules',
  userSqlOutOfScope:
    'User SQL reports are not offered: arbitrary SQL could read any table past the permission and branch checks. Use the parameterised built reports instead.',
} as const;

const branchCode = z.string().regex(/^\d{3}$/, 'must be a branch code of three digits');
const productCode = z
  .string()
  .trim()
  .regex(/^[A-Z0-9-]{1,20}$/, 'must be a product code');

/**
 * The one schema of a report's parameters, for the form and the server: only its own fields, the
 * required ones required, a period's end not before its start.
 */
export function reportParamsSchema(report: BuiltReportDef) {
  const field = (p: ReportParam) =>
    p === 'branch' ? branchCode : p === 'product' ? productCode : isoDateSchema;
  const shape: Record<string, z.ZodType<string | undefined>> = Object.fromEntries(
    report.params.map((p) => [
      p,
      report.required.includes(p)
        ? field(p)
        : field(p)
            .optional()
            .or(z.literal('').transform(() => undefined)),
    ]),
  );
  return z.strictObject(shape).refine((v: ReportParams) => !v.from || !v.to || v.from <= v.to, {
    message: BUILT_REPORTS_TEXT.endBeforeStart,
    path: ['to'],
  });
}
export type ReportParams = Partial<Record<ReportParam, string>>;

export const reportRunRequestSchema = z.object({
  reportId: z.enum(BUILT_REPORT_IDS),
  params: z.record(z.string(), z.string().max(40)).default({}),
  format: z.enum(BUILT_REPORT_FORMATS).default('screen'),
});
export type ReportRunRequest = z.infer<typeof reportRunRequestSchema>;

export const REPORT_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportRunStatus = (typeof REPORT_RUN_STATUSES)[number];

export const reportRunSchema = z.object({
  id: z.string(),
  reportId: z.string(),
  title: z.string(),
  params: z.record(z.string(), z.string()),
  format: z.enum(BUILT_REPORT_FORMATS),
  status: z.enum(REPORT_RUN_STATUSES),
  /** 0–100. */
  progress: z.number().int(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  requestedBy: z.string().nullable(),
  scheduleId: z.string().nullable(),
  businessDate: z.string().nullable(),
  rows: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReportRun = z.infer<typeof reportRunSchema>;

export const reportRunListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
  status: z.enum(REPORT_RUN_STATUSES).optional(),
});

/** A report's result as a titled table: the screen, CSV, XLSX and PDF show the same cells. */
export const reportTableSchema = z.object({
  title: z.string(),
  subtitle: z.array(z.string()),
  /** `numeric` cells are decimal strings (money or counts): XLSX writes them as numbers. */
  columns: z.array(z.object({ title: z.string(), numeric: z.boolean() })),
  rows: z.array(z.array(z.string())),
  totals: z.array(z.array(z.string())),
  /** More rows than a report keeps (REPORT_MAX_ROWS). */
  truncated: z.boolean(),
});
export type ReportTable = z.infer<typeof reportTableSchema>;
export const REPORT_MAX_ROWS = 50_000;

// --- Schedules -----------------------------------------------------------------------------------

export const REPORT_FREQUENCIES = ['daily', 'month_end'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_FREQUENCY_LABELS: Record<ReportFrequency, string> = {
  daily: 'Daily, after end of day',
  month_end: 'At month end, after end of day',
};

export const reportScheduleCreateSchema = z.object({
  reportId: z.enum(RUNNABLE_REPORT_IDS),
  params: z.record(z.string(), z.string().max(40)).default({}),
  format: z.enum(BUILT_REPORT_FORMATS).default('xlsx'),
  frequency: z.enum(REPORT_FREQUENCIES),
  roleId: z.uuid(),
});
export type ReportScheduleCreate = z.infer<typeof reportScheduleCreateSchema>;

export const reportRoleSchema = z.object({ id: z.string(), name: z.string() });
export type ReportRole = z.infer<typeof reportRoleSchema>;

export const reportScheduleSchema = z.object({
  id: z.string(),
  reportId: z.string(),
  title: z.string(),
  params: z.record(z.string(), z.string()),
  format: z.enum(BUILT_REPORT_FORMATS),
  frequency: z.enum(REPORT_FREQUENCIES),
  roleId: z.string(),
  roleName: z.string(),
  active: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
  lastBusinessDate: z.string().nullable(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

// --- Inbox ---------------------------------------------------------------------------------------

export const reportInboxItemSchema = z.object({
  id: z.string(),
  run: reportRunSchema,
  readAt: z.string().nullable(),
  deliveredAt: z.string(),
});
export type ReportInboxItem = z.infer<typeof reportInboxItemSchema>;
export const reportInboxCountSchema = z.object({ unread: z.number().int() });

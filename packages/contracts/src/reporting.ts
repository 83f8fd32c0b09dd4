import { z } from 'zod';
import { currencySchema, moneySchema } from './banking.ts';
import { reportServedSchema } from './report-source.ts';

/*
 * The executive dashboard (Enquiries → Executive Dashboard, ADR 0049): headline figures read from the
 * pre-aggregated daily tables plus what was posted since. Money is a decimal string per currency,
 * never summed across SLE and USD.
 */

export const EXECUTIVE_DASHBOARD_TEXT = {
  title: 'Executive Dashboard',
  nplNoHistory: 'No end of day has classified the loan book yet',
  nplTitle: 'NPL ratio',
  nplDefinition:
    'Substandard, Doubtful and Loss principal ÷ all principal outstanding, at the last end of day',
  liquidityBankWide: 'Bank-wide only: shown to users who see every branch',
  liquidityNoSnapshot: 'Not yet available: no end-of-day snapshot has been taken',
  noHistory: 'No end of day has run yet: the trend starts with the first one',
  showTable: 'Show as table',
  showChart: 'Show as chart',
} as const;

/**
 * Non-performing loans as the BSL prudential guidelines count them: Substandard, Doubtful and Loss (the
 * classes that stop accruing interest into income).
 */
export const NPL_CLASSES = ['substandard', 'doubtful', 'loss'] as const;

export const executiveDashboardQuerySchema = z.object({
  /** Bank-wide users may narrow to one branch; a branch user always sees their own. */
  branch: z
    .string()
    .regex(/^\d{3}$/, 'must be a branch code of three digits')
    .optional(),
});
export type ExecutiveDashboardQuery = z.infer<typeof executiveDashboardQuerySchema>;

/** A month's closing figure: the last aggregated day of that month (the current month: now). */
export const trendPointSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  amount: moneySchema.nullable(),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

export const currencyFiguresSchema = z.object({
  currency: currencySchema,
  deposits: moneySchema,
  loans: moneySchema,
  tillCash: moneySchema,
  vaultCash: moneySchema,
  depositsTrend: z.array(trendPointSchema),
  loansTrend: z.array(trendPointSchema),
});
export type CurrencyFigures = z.infer<typeof currencyFiguresSchema>;

export const executiveDashboardSchema = z.object({
  businessDate: z.string(),
  /** The last business date end of day aggregated; null before the first run. */
  aggregatedThrough: z.string().nullable(),
  /** null: every branch. */
  branch: z.string().nullable(),
  currencies: z.array(currencyFiguresSchema),
  depositsByBranch: z.array(
    z.object({
      branchCode: z.string(),
      branchName: z.string(),
      currency: currencySchema,
      amount: moneySchema,
    }),
  ),
  customersOpenedThisMonth: z.number().int(),
  accountsOpenedThisMonth: z.number().int(),
  /** Liquid assets over short-term liabilities as the BSL liquidity return defines them, in percent. */
  liquidity: z.object({
    percent: z.string().nullable(),
    asAt: z.string().nullable(),
    note: z.string().nullable(),
  }),
  /**
   * The NPL ratio from end of day's per-class aggregate: `percent` is the Leone book's (the headline),
   * `currencies` each book's figures and its 12-month trend (a month's last aggregated day).
   */
  npl: z.object({
    percent: z.string().nullable(),
    asAt: z.string().nullable(),
    note: z.string().nullable(),
    currencies: z.array(
      z.object({
        currency: currencySchema,
        nonPerforming: moneySchema,
        gross: moneySchema,
        percent: z.string().nullable(),
        trend: z.array(
          z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), percent: z.string().nullable() }),
        ),
      }),
    ),
  }),
  /** Which database served these figures and as of when (ADR 0054); the server always sends it. */
  served: reportServedSchema.optional(),
});
export type ExecutiveDashboard = z.infer<typeof executiveDashboardSchema>;

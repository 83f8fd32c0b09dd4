import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COLLECTIONS_MAX_DAYS,
  REPORT_MAX_ROWS,
  LOAN_REPORT_TEXT,
  LOAN_REPORT_TITLES,
  PAGED_LOAN_REPORTS,
  activeLoansCardSchema,
  bankCapitalBodySchema,
  bankCapitalSchema,
  capitalMonthSchema,
  loanReportParamsSchema,
  loanReportQuerySchema,
  loanReportSchema,
  type LoanReport,
  type LoanReportId,
  type ReportTable,
} from '@bankmanager/contracts';
import { currentBusinessDate } from '../../db/business-date.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest } from '../../lib/http-error.ts';
import { sendDownload } from '../../lib/downloads.ts';
import { csvPdfOrXlsxReport } from '../../lib/openapi-docs.ts';
import { pageWindow, setTotalCount } from '../../lib/paging.ts';
import { apiErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { requestIp } from '../audit/index.ts';
import { currentUser, listBranch, requirePermission } from '../auth/index.ts';
import { arrearsAgeing } from './arrears.ts';
import { listCapital, setCapital } from './capital.ts';
import { classificationReturn } from './classification-return.ts';
import { disbursementsCollections } from './collections.ts';
import type { Built, ReportContext } from './context.ts';
import { largeExposures } from './exposures.ts';
import { loanReportCsv, loanReportFileName, loanReportPdf, loanReportXlsx, rowCells } from './export.ts';
import { insiderLoans } from './insider.ts';
import { activeLoansCount, bookScope, officerPortfolio } from './officer.ts';
import { portfolioAtRisk } from './par.ts';

const BUILDERS: Record<LoanReportId, (c: ReportContext) => Promise<Built>> = {
  'portfolio-at-risk': portfolioAtRisk,
  'arrears-ageing': arrearsAgeing,
  'classification-return': classificationReturn,
  'insider-loans': insiderLoans,
  'large-exposures': largeExposures,
  'disbursements-collections': disbursementsCollections,
  'officer-portfolio': officerPortfolio,
};

export const LOAN_REPORTS_PAGE_SIZE = 25;

const invalid = (path: string, message: string) => badRequest('Invalid request', [{ path, message }]);

/** The asked date, never after today; without one, the newest date end of day kept a book for. */
async function reportDate(db: Database, asked: string | undefined): Promise<string> {
  const today = await currentBusinessDate(db);
  if (asked) {
    if (asked > today) throw invalid('/date', LOAN_REPORT_TEXT.futureDate);
    return asked;
  }
  const [r] = await queryRows<{ d: string | null }>(
    db,
    sql`select max(business_date)::text as d from loan_daily_status`,
  );
  return r?.d ?? today;
}

const daysBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;

/** Builds one report for a caller: its scope, date and page, on the report reader (ADR 0054). */
export async function buildLoanReport(
  db: Database,
  report: LoanReportId,
  c: Omit<ReportContext, 'db' | 'date'> & { askedDate: string | undefined },
): Promise<LoanReport> {
  const date = await reportDate(db, c.askedDate);
  if (report === 'disbursements-collections' && c.query.from) {
    if (c.query.from > date) throw invalid('/from', LOAN_REPORT_TEXT.periodOrder);
    if (daysBetween(c.query.from, date) >= COLLECTIONS_MAX_DAYS)
      throw invalid('/from', LOAN_REPORT_TEXT.periodTooLong);
  }
  const built = await BUILDERS[report]({ ...c, db, date });
  const [book] =
    report === 'disbursements-collections'
      ? [{ one: 1 }]
      : await queryRows<{ one: number }>(
          db,
          sql`select 1 as one from loan_daily_status where business_date = ${date}::date limit 1`,
        );
  return {
    report,
    title: LOAN_REPORT_TITLES[report],
    date,
    subtitle: built.subtitle,
    columns: built.columns,
    rows: built.rows,
    totals: built.totals,
    reconciliation: built.reconciliation ?? [],
    notes: book ? built.notes : [LOAN_REPORT_TEXT.noBook, ...built.notes],
    total: built.total,
  };
}

/**
 * Loan Reports (docs/loan-reports.md, ADR 0066): `GET /api/loan-reports/:report` as JSON (a page of
 * the listing reports, the total in X-Total-Count), CSV, PDF or XLSX (the whole report); the dashboard's
 * `GET /api/loan-reports/active-loans`; the bank's capital per month for the large exposures report.
 * Reading needs `loans.read`; staff without `branches.all` see their home branch only and asking for
 * another is 403. Recording capital needs `returns.prepare` (finance).
 */
export const loanReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/loan-reports/active-loans',
    {
      preHandler: requirePermission('loans.read'),
      schema: {
        tags: ['loan reports'],
        summary: 'The dashboard’s Active Loans: the caller’s own book as officer, else their branch’s',
        security,
        response: { 200: activeLoansCardSchema, ...apiErrors },
      },
    },
    async (req) => {
      const u = currentUser(req);
      const scope = await bookScope(app.db, u.userId, listBranch(req, undefined) ?? null);
      return {
        scope: scope.kind,
        label: LOAN_REPORT_TEXT.scope[scope.kind],
        count: await activeLoansCount(app.db, scope),
      };
    },
  );

  app.get(
    '/loan-reports/capital',
    {
      preHandler: requirePermission('loans.read'),
      schema: {
        tags: ['loan reports'],
        summary: 'The bank’s capital per month (the large exposures report’s denominator), newest first',
        security,
        response: { 200: z.array(bankCapitalSchema), ...apiErrors },
      },
    },
    async () => listCapital(app.db),
  );

  app.put(
    '/loan-reports/capital/:month',
    {
      preHandler: requirePermission('returns.prepare'),
      schema: {
        tags: ['loan reports'],
        summary: 'Record or replace a month’s capital (one person: it moves no money), with its audit row',
        security,
        params: z.object({ month: capitalMonthSchema }),
        body: bankCapitalBodySchema,
        response: { 200: bankCapitalSchema, ...apiErrors },
      },
    },
    async (req) => {
      const u = currentUser(req);
      return setCapital(
        app.db,
        req.params.month,
        req.body.amount,
        { id: u.userId, email: u.email },
        requestIp(req),
      );
    },
  );

  app.get(
    '/loan-reports/:report',
    {
      preHandler: requirePermission('loans.read'),
      schema: {
        tags: ['loan reports'],
        summary:
          'A loan portfolio report for a business date from end of day’s snapshot: JSON (a page of a listing, X-Total-Count), CSV, PDF or XLSX',
        security,
        params: loanReportParamsSchema,
        querystring: loanReportQuerySchema,
        response: { 200: z.union([loanReportSchema, csvPdfOrXlsxReport]), ...apiErrors },
      },
    },
    async (req, reply) => {
      const { report } = req.params;
      const q = req.query;
      const branch = listBranch(req, q.branch) ?? null;
      const paged = q.format === 'json' && PAGED_LOAN_REPORTS.includes(report);
      const { value: r } = await app.reportReads.run(reply, (db) =>
        buildLoanReport(db, report, {
          askedDate: q.date,
          branch,
          query: q,
          page: paged ? pageWindow(q, LOAN_REPORTS_PAGE_SIZE) : null,
          userId: currentUser(req).userId,
        }),
      );
      setTotalCount(reply, r.total);
      void reply.header('cache-control', 'no-store');
      if (q.format === 'json') return r;
      const file =
        q.format === 'csv'
          ? loanReportCsv(r)
          : q.format === 'xlsx'
            ? await loanReportXlsx(r)
            : loanReportPdf(r);
      return sendDownload(reply, q.format, loanReportFileName(r, q.format), file);
    },
  );
};

/**
 * A report as the built-reports catalogue's table (scheduled and background runs): the whole report,
 * money and counts as numeric cells, the GL reconciliation and notes as closing rows.
 */
export async function loanReportTable(
  db: Database,
  report: Exclude<LoanReportId, 'officer-portfolio'>,
  p: { date?: string; from?: string; to?: string; branch?: string },
  scope: string | null,
): Promise<ReportTable> {
  const query = loanReportQuerySchema.parse({ date: p.date ?? p.to, from: p.from });
  const r = await buildLoanReport(db, report, {
    askedDate: query.date,
    branch: scope ?? p.branch ?? null,
    query,
    page: null,
    userId: '00000000-0000-0000-0000-000000000000',
  });
  const cells = rowCells(r);
  const blank = r.columns.map(() => '');
  const extra = [
    ...r.reconciliation.map((x) =>
      [
        `${x.label} (GL ${x.glCodes.join(', ')})`,
        x.currency,
        `report ${x.report}`,
        `GL ${x.ledger}`,
        `difference ${x.difference}`,
        ...blank,
      ].slice(0, r.columns.length),
    ),
    ...r.notes.map((n) => [n, ...blank].slice(0, r.columns.length)),
  ];
  return {
    title: r.title,
    subtitle: [`Business date ${r.date}`, ...r.subtitle],
    columns: r.columns.map((c) => ({ title: c.label, numeric: c.kind === 'money' || c.kind === 'count' })),
    rows: r.rows.slice(0, REPORT_MAX_ROWS).map(cells),
    totals: [...r.totals.map(cells), ...extra],
    truncated: r.rows.length > REPORT_MAX_ROWS,
  };
}

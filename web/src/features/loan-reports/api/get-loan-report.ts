import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  loanReportSchema,
  type LoanReportFormat,
  type LoanReportId,
} from '@bankmanager/contracts/lending/loan-reports';
import { api, apiDownload } from '@/lib/api-client';

export const LOAN_REPORT_PAGE_SIZE = 25;

export type LoanReportDownload = Exclude<LoanReportFormat, 'json'>;

/** The report's filters as the URL holds them; empty values are left out of the request. */
export interface LoanReportParams {
  date?: string;
  from?: string;
  by?: string;
  sort?: string;
  order?: string;
  /** 0-based. */
  page: number;
}

const query = (p: LoanReportParams, extra: Record<string, string>) => {
  const q = new URLSearchParams(extra);
  for (const k of ['date', 'from', 'by', 'sort', 'order'] as const) if (p[k]) q.set(k, p[k]);
  return q;
};

/** GET /api/loan-reports/:report — the report for a date; a listing's page when it is one. */
export function useLoanReport(report: LoanReportId, p: LoanReportParams, enabled = true) {
  return useQuery({
    queryKey: ['loan-reports', report, p],
    queryFn: ({ signal }) =>
      api.get(
        `/loan-reports/${report}?${query(p, { page: String(p.page + 1), pageSize: String(LOAN_REPORT_PAGE_SIZE) })}`,
        { schema: loanReportSchema, signal },
      ),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

/** The whole report as CSV, PDF or an XLSX workbook, saved under the server's name for it. */
export const downloadLoanReport = (
  report: LoanReportId,
  p: LoanReportParams,
  format: LoanReportDownload,
  date: string,
) => apiDownload(`/loan-reports/${report}?${query(p, { format })}`, `${report}-${date}.${format}`);

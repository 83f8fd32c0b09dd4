import { glReportFileName } from '@bankmanager/contracts';
import { apiDownload } from '@/lib/api-client';

export type GlReportDownload =
  | { report: 'trial-balance' | 'balance-sheet'; date: string }
  | { report: 'income-statement'; from: string; to: string }
  | { report: 'gl-statement'; code: string; currency: string; from: string; to: string };

/**
 * GET /api/gl/trial-balance, /balance-sheet, /income-statement or /accounts/:code/statement with
 * format=pdf|csv, saved under the name the server's Content-Disposition gives.
 */
export function downloadGlReport(d: GlReportDownload, format: 'pdf' | 'csv'): Promise<void> {
  const q = new URLSearchParams({ format });
  switch (d.report) {
    case 'trial-balance':
    case 'balance-sheet':
      q.set('date', d.date);
      return apiDownload(`/gl/${d.report}?${q}`, glReportFileName(d.report, d.date, format));
    case 'income-statement':
      if (d.from) q.set('from', d.from);
      q.set('to', d.to);
      return apiDownload(
        `/gl/income-statement?${q}`,
        glReportFileName('income-statement', d.from ? `${d.from}-to-${d.to}` : `to-${d.to}`, format),
      );
    case 'gl-statement':
      q.set('from', d.from);
      q.set('to', d.to);
      q.set('currency', d.currency);
      return apiDownload(
        `/gl/accounts/${encodeURIComponent(d.code)}/statement?${q}`,
        glReportFileName(`gl-${d.code}-${d.currency}`, `${d.from}-to-${d.to}`, format),
      );
  }
}

import { apiDownload } from '@/lib/api-client';

/** GET /api/accounts/:number/statement — a PDF or CSV of the period, saved as a file. */
export function downloadStatement(
  number: string,
  from: string,
  to: string,
  format: 'pdf' | 'csv',
): Promise<void> {
  const q = new URLSearchParams({ from, to, format });
  const name =
    format === 'pdf'
      ? `statement-${number}-${from}-to-${to}.pdf`
      : `transactions-${number}-${from}-to-${to}.csv`;
  return apiDownload(`/accounts/${encodeURIComponent(number)}/statement?${q}`, name);
}

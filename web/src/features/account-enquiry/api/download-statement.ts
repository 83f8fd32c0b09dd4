import { accountExportFileName, type AccountExportFormat } from '@bankmanager/contracts/export-names';
import { apiDownload } from '@/lib/api-client';

/** GET /api/accounts/:number/statement — a PDF or CSV of the period, saved under the server's file name. */
export function downloadStatement(
  number: string,
  from: string,
  to: string,
  format: AccountExportFormat,
): Promise<void> {
  const q = new URLSearchParams({ from, to, format });
  return apiDownload(
    `/accounts/${encodeURIComponent(number)}/statement?${q}`,
    accountExportFileName(number, from, to, format),
  );
}

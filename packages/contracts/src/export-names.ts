/**
 * The one rule for the names of exported files, used by the server's Content-Disposition and by the
 * web client that saves the download: what the file is, the account, the period, the format.
 */

export type AccountExportFormat = 'pdf' | 'csv';

/**
 * An account's export for a period: the PDF is the statement, the CSV the transactions export
 * ('Export Transactions'): `statement-<number>-<from>-to-<to>.pdf`, `transactions-<number>-<from>-to-<to>.csv`.
 */
export function accountExportFileName(
  accountNumber: string,
  from: string,
  to: string,
  format: AccountExportFormat,
): string {
  const what = format === 'pdf' ? 'statement' : 'transactions';
  return `${what}-${accountNumber}-${from}-to-${to}.${format}`;
}

/** The audit trail's CSV export, named by the day it was taken (UTC): `audit-<YYYY-MM-DD>.csv`. */
export function auditExportFileName(at: Date = new Date()): string {
  return `audit-${at.toISOString().slice(0, 10)}.csv`;
}

import type { BuiltReportFormat, ReportTable } from '@bankmanager/contracts';
import { DOWNLOAD_MEDIA } from '../../lib/downloads.ts';
import { tablesFile } from '../../lib/report-table-files.ts';

export const REPORT_MEDIA: Record<Exclude<BuiltReportFormat, 'screen'>, string> = DOWNLOAD_MEDIA;

/** The report's table as CSV, XLSX or PDF: the same cells the screen shows. */
export const tableFile = (t: ReportTable, format: Exclude<BuiltReportFormat, 'screen'>): Promise<Buffer> =>
  tablesFile([t], format, { footer: [`${t.title}. Amounts in each row’s currency; totals per currency.`] });

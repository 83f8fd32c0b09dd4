import { STR_LABELS, type StrReport } from '@bankmanager/contracts';
import { csvRow } from '../../lib/csv.ts';

/** The STR list as the compliance file keeps it; through lib/csv.ts, so a name stays text in a spreadsheet. */
export function strsCsv(rows: StrReport[]): string {
  const header = [
    'Reference',
    'Status',
    'Customer',
    'Name',
    'Case',
    'Prepared by',
    'Prepared at',
    'Approved by',
    'Approved at',
    'FIU submitted on',
    'FIU reference',
    'SHA-256',
  ];
  return (
    csvRow(header) +
    rows
      .map((s) =>
        csvRow([
          s.reference,
          STR_LABELS.status[s.status],
          String(s.custId),
          s.customerName,
          s.caseId,
          s.preparedBy,
          s.preparedAt,
          s.approvedBy,
          s.approvedAt,
          s.fiuSubmittedOn,
          s.fiuReference,
          s.contentHash,
        ]),
      )
      .join('')
  );
}

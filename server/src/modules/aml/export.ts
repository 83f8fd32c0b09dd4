import {
  AML_CASE_STATUS_LABELS,
  AML_SCENARIO_LABELS,
  type AmlAlert,
  type AmlCase,
} from '@bankmanager/contracts';
import { csvRow } from '../../lib/csv.ts';

/** Through lib/csv.ts, so a customer name such as "=HYPERLINK(…)" stays text in a spreadsheet. */
export function alertsCsv(rows: AmlAlert[]): string {
  const header = ['Alert', 'Date', 'Rule', 'Customer', 'Name', 'Branch', 'Score', 'Amount', 'Ccy', 'Case'];
  return (
    csvRow(header) +
    rows
      .map((r) =>
        csvRow([
          r.id,
          r.businessDate,
          AML_SCENARIO_LABELS[r.scenario],
          String(r.customerId),
          r.customerName,
          r.branch,
          String(r.score),
          r.amount,
          r.currency,
          r.caseId ?? '',
        ]),
      )
      .join('')
  );
}

export function casesCsv(rows: AmlCase[]): string {
  const header = [
    'Case',
    'Status',
    'Customer',
    'Name',
    'Branch',
    'Alerts',
    'Top score',
    'Assignee',
    'Opened',
    'Updated',
  ];
  return (
    csvRow(header) +
    rows
      .map((r) =>
        csvRow([
          r.id,
          AML_CASE_STATUS_LABELS[r.status],
          String(r.customerId),
          r.customerName,
          r.branch,
          String(r.alertCount),
          String(r.maxScore),
          r.assigneeEmail ?? '',
          r.openedAt,
          r.updatedAt,
        ]),
      )
      .join('')
  );
}

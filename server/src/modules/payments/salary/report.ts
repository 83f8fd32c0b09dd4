import { SALARY_LINE_TEXT } from '@bankmanager/contracts';
import type { Database } from '../../../db/client.ts';
import { csvRow } from '../../../lib/csv.ts';
import { allLines } from './lines.ts';

/** The validation report as CSV: every line as uploaded, the holder found, and its problem in words. */
export async function linesCsv(db: Database, batchId: number): Promise<string> {
  const lines = await allLines(db, batchId);
  return [
    ['Line', 'Account number', 'Amount', 'Narration', 'Holder', 'Problem'],
    ...lines.map((l) => [
      String(l.line_no),
      l.account_number,
      l.amount,
      l.narration,
      l.holder ?? '',
      l.problem ? `${SALARY_LINE_TEXT[l.problem]}${l.first_line ? ` (line ${l.first_line})` : ''}` : '',
    ]),
  ]
    .map(csvRow)
    .join('');
}

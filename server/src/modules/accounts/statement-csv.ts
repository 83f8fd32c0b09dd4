import { BANK_NAME } from '@bankmanager/contracts';
import { csvRow } from '../../lib/csv.ts';
import type { Statement } from './statement.ts';

/** The statement as CSV: a header block (bank, branch, holder, period, balances, totals), then postings. */
export function statementCsv(s: Statement): string {
  const a = s.account;
  let out = '';
  out += csvRow(['Bank', BANK_NAME]);
  out += csvRow(['Branch', `${a.branch} (${a.branchCode}), ${a.branchTown}`]);
  out += csvRow(['Account holder', a.accountName]);
  out += csvRow(['Account number', a.accountNumber]);
  out += csvRow(['Account type', a.accountType]);
  out += csvRow(['Currency', a.currency]);
  out += csvRow(['Period', `${s.from} to ${s.to}`]);
  out += csvRow(['Opening balance', s.openingBalance]);
  out += csvRow(['Total credits', s.totalCredits]);
  out += csvRow(['Total debits', s.totalDebits]);
  out += csvRow(['Closing balance', s.closingBalance]);
  out += csvRow([]);
  out += csvRow(['Date', 'Value date', 'Description', 'Reference', 'Debit', 'Credit', 'Balance']);
  for (const l of s.lines) {
    out += csvRow([
      l.date,
      l.valueDate,
      l.description,
      l.reference,
      l.type === 'debit' ? l.amount : '',
      l.type === 'credit' ? l.amount : '',
      l.balance,
    ]);
  }
  return out;
}

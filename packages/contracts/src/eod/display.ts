import { CURRENCIES, type Currency } from '../banking.ts';
import { formatAmount, formatCount, formatCurrency } from '../format.ts';
import type { EodReport } from './reports.ts';

const isCurrency = (s: string | undefined): s is Currency =>
  (CURRENCIES as readonly string[]).includes(s ?? '');
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * One figure of what an end-of-day step did, as people read it. The server names a money figure's
 * currency first ("SLE credit interest booked"), so the figure shows as money in that currency
 * ("Credit interest booked: Le 23,134.44"); any other figure is a count ("Accounts earning: 980").
 * The run screen and the daily report's PDF both use this; the CSV keeps the raw figures.
 */
export function describeStepTotal(key: string, value: string): string {
  const [first, ...rest] = key.split(' ');
  if (isCurrency(first) && rest.length > 0)
    return `${capitalise(rest.join(' '))}: ${formatCurrency(value, first)}`;
  const n = Number(value);
  return `${capitalise(key)}: ${Number.isInteger(n) ? formatCount(n) : formatAmount(value)}`;
}

/**
 * Every figure of a step joined for one cell, in the order of their keys (a currency's figures side by
 * side): the totals travel as a JSON object, whose key order PostgreSQL's jsonb does not keep.
 */
export const describeStepTotals = (totals: Record<string, string>): string =>
  Object.entries(totals)
    .sort(([a], [b]) => a.localeCompare(b, 'en'))
    .map(([k, v]) => describeStepTotal(k, v))
    .join(' · ');

/**
 * A report cell as the screen and the PDF show it: money columns as money in the row's currency
 * (the report's `currencyColumn`), counts grouped, anything else as it is. A cell that is not a
 * number (a total row's label, an empty cell) is left alone. CSV data stays raw.
 */
export function displayReportCell(report: EodReport, row: readonly string[], column: number): string {
  const cell = row[column] ?? '';
  const col = report.columns[column];
  if (!col?.numeric || cell === '' || !/^-?\d+(\.\d+)?$/.test(cell)) return cell;
  if (col.money) {
    const ccy = report.currencyColumn === undefined ? undefined : row[report.currencyColumn];
    return isCurrency(ccy) ? formatCurrency(cell, ccy) : formatAmount(cell);
  }
  return Number.isInteger(Number(cell)) ? formatCount(Number(cell)) : cell;
}

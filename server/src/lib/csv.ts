/**
 * CSV (RFC 4180) with spreadsheet formula injection neutralised: a cell that begins with =, +, -, @,
 * tab or carriage return is prefixed with an apostrophe so Excel and LibreOffice show it as text.
 */
export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRow = (cells: Array<string | number | null | undefined>): string =>
  `${cells.map(csvCell).join(',')}\r\n`;

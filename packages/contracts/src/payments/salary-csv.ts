/**
 * The salary file: CSV with one line per employee — account number, amount, narration —
 * and an optional header row. A header that names a fourth column `loan` makes it the loan account
 * the line's instalment is checked off against (salary check-off); narrations holding a comma must
 * then be quoted, since the fourth cell is the loan. Parsed the same way on the screen (to show the file before upload) and
 * on the server (which keeps what was uploaded). RFC 4180 quoting; a comma inside an unquoted
 * narration is kept as part of it rather than treated as a fourth column.
 */
export interface SalaryCsvLine {
  /** The line's number in the file (1-based), so the report points at the line the employer sent. */
  lineNo: number;
  account: string;
  amount: string;
  narration: string;
  /** The loan account number the employer deducts the instalment for; '' when none. */
  loan: string;
}

/** Rows of cells with the file line each starts on; blank lines are skipped. */
export function parseCsv(text: string): { lineNo: number; cells: string[] }[] {
  const rows: { lineNo: number; cells: string[] }[] = [];
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowStart = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]!.trim() !== '') rows.push({ lineNo: rowStart, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      endRow();
      line++;
      rowStart = line;
    } else cell += c;
  }
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

/** A first row whose first cell has no digit is a header ("account,amount,narration"). */
const isHeader = (cells: string[]) => !/\d/.test(cells[0] ?? '');

/** A header whose fourth cell is `loan`: the file names loans for check-off. */
const namesLoans = (cells: string[]) => (cells[3] ?? '').trim().toLowerCase() === 'loan';

export function parseSalaryCsv(text: string): SalaryCsvLine[] {
  const rows = parseCsv(text);
  const header = rows.length > 0 && isHeader(rows[0]!.cells) ? rows[0]!.cells : null;
  const loans = header !== null && namesLoans(header);
  const body = header ? rows.slice(1) : rows;
  return body.map(({ lineNo, cells }) => ({
    lineNo,
    account: (cells[0] ?? '').trim(),
    amount: (cells[1] ?? '').trim().replace(/,/g, ''),
    narration: (loans ? (cells[2] ?? '') : cells.slice(2).join(',')).trim(),
    loan: loans ? cells.slice(3).join(',').trim() : '',
  }));
}

import {
  formatAmount,
  formatDate,
  type BranchDiff,
  type DailyDiff,
  type ProofReport,
} from '@bankmanager/contracts';
import { csvRow } from '../../lib/csv.ts';
import { reportPdf, type PdfColumn } from '../../lib/report-pdf.ts';

/** One report as a table: its title, the lines under it, columns (title, width, right-aligned), rows. */
interface Table {
  title: string;
  subtitle: string[];
  columns: [string, number, boolean][];
  rows: string[][];
}

const money = (v: string | null) => (v === null ? '' : v);

function proofTable(r: ProofReport): Table {
  return {
    title: 'Teller proof',
    subtitle: [`Branch ${r.branch}, business date ${formatDate(r.businessDate)}`],
    columns: [
      ['Teller', 88, false],
      ['Till', 34, false],
      ['Ccy', 22, false],
      ['Status', 34, false],
      ['Opening', 46, true],
      ['Dep #', 24, true],
      ['Deposits', 50, true],
      ['Wdl #', 24, true],
      ['Withdrawals', 50, true],
      ['Vault in', 40, true],
      ['Vault out', 40, true],
      ['Expected', 48, true],
      ['Counted', 48, true],
      ['Difference', 44, true],
    ],
    rows: r.rows.map((s) => [
      s.tellerEmail,
      s.tillCode,
      s.currency,
      s.status,
      s.openingAllocation,
      String(s.deposits.count),
      s.deposits.amount,
      String(s.withdrawals.count),
      s.withdrawals.amount,
      s.vaultIn,
      s.vaultOut,
      s.expected,
      money(s.counted),
      money(s.difference),
    ]),
  };
}

function dailyTable(d: DailyDiff): Table {
  return {
    title: 'Daily differences',
    subtitle: [`Branch ${d.branch}, ${formatDate(d.from)} to ${formatDate(d.to)}`],
    columns: [
      ['Business date', 80, false],
      ['Ccy', 30, false],
      ['Sessions', 50, true],
      ['Awaiting sign-off', 80, true],
      ['Shortages', 80, true],
      ['Overages', 80, true],
      ['Net', 80, true],
    ],
    rows: d.rows.map((r) => [
      r.businessDate,
      r.currency,
      String(r.sessions),
      String(r.awaitingSignOff),
      r.shortages,
      r.overages,
      r.net,
    ]),
  };
}

function branchTable(b: BranchDiff): Table {
  return {
    title: 'Branch differences',
    subtitle: [
      `Business date ${formatDate(b.businessDate)}${b.live ? ' (live balances)' : ''}`,
      'Unattributed: teller cash on the GL that no till session accounts for.',
    ],
    columns: [
      ['Branch', 40, false],
      ['Ccy', 26, false],
      ['Open tills', 44, true],
      ['Cash in tills', 64, true],
      ['Teller cash GL', 64, true],
      ['Unattributed', 64, true],
      ['Vault GL', 64, true],
      ['Shortages', 56, true],
      ['Overages', 56, true],
    ],
    rows: b.rows.map((r) => [
      r.branch,
      r.currency,
      String(r.openTills),
      r.tillCash,
      r.tellerCashGl,
      r.unattributed,
      r.vaultGl,
      r.shortages,
      r.overages,
    ]),
  };
}

export type ProofData =
  | { report: 'proof'; data: ProofReport }
  | { report: 'daily-diff'; data: DailyDiff }
  | { report: 'branch-diff'; data: BranchDiff };

const tableOf = (p: ProofData): Table =>
  p.report === 'proof'
    ? proofTable(p.data)
    : p.report === 'daily-diff'
      ? dailyTable(p.data)
      : branchTable(p.data);

/** The report as CSV (through lib/csv.ts): a title line, a blank line, the table. */
export function proofCsv(p: ProofData): string {
  const t = tableOf(p);
  return (
    csvRow([t.title, ...t.subtitle]) +
    csvRow([]) +
    csvRow(t.columns.map(([c]) => c)) +
    t.rows.map((r) => csvRow(r)).join('')
  );
}

/** The report as an A4 PDF in the GL reports' style; amounts with thousands separators. */
export function proofPdf(p: ProofData): PDFKit.PDFDocument {
  const t = tableOf(p);
  const columns: PdfColumn[] = t.columns.map(([title, width, right]) => ({
    title,
    width,
    align: right ? 'right' : 'left',
  }));
  const isMoney = (v: string) => /^-?\d+\.\d{2}$/.test(v);
  return reportPdf({
    title: t.title,
    subtitle: t.subtitle,
    columns,
    rows: t.rows.map((r) => r.map((v, i) => (t.columns[i]![2] && isMoney(v) ? formatAmount(v) : v))),
    footer: [`${t.rows.length} row(s).`],
    landscape: p.report === 'proof',
  });
}

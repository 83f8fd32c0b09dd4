import {
  BRANCH_STATISTICS_TEXT,
  ENQUIRY_ANALYSIS_TEXT as T,
  analysisScopeLabel,
  formatDate,
  fromCents,
  shareOfKind,
  toCents,
  type BranchStatistics,
  type DepositBorrowing,
  type ProductMix,
  type ReportTable,
  type Snapshot,
} from '@bankmanager/contracts';

/*
 * The three Enquiries analysis screens as report tables: the same rows, columns and totals the screen
 * shows, with the filters and the close the figures are from in the subtitle, for lib/report-table-files
 * to write as CSV, PDF or XLSX. Money stays a decimal string (a number in XLSX); a figure the screen
 * shows as "—" (no end of day kept) is "—" here too, never a zero.
 */

const col = (title: string, numeric = false) => ({ title, numeric });
const dash = (v: string | number | null) => (v === null ? '—' : String(v));
const KIND = { deposit: 'Deposits', loan: 'Loans outstanding' } as const;
const BASIS = 'From the figures end of day kept (the daily aggregates), never added across currencies.';

/** What every file of these screens says under its tables. */
export const ANALYSIS_FOOTER = [BASIS];

export function snapshotTables(s: Snapshot): ReportTable[] {
  const asAt =
    s.asAt === null
      ? T.noSnapshot
      : `Balances at the close of ${formatDate(s.asAt)}` +
        (s.asAt === s.date ? '.' : ` (the last close on or before ${formatDate(s.date)}).`);
  return [
    {
      title: T.snapshotTitle,
      subtitle: [analysisScopeLabel(s.branch, s.product), asAt],
      columns: [
        col('Branch'),
        col('Product'),
        col('Account type'),
        col('Currency'),
        col('Amount', true),
        col('Accounts', true),
      ],
      rows: s.rows.map((r) => [
        `${r.branchCode} ${r.branchName}`,
        `${r.productCode} ${r.productName}`,
        r.kind === 'loan' ? 'Loan (outstanding)' : r.accountType,
        r.currency,
        r.amount,
        String(r.accounts),
      ]),
      totals: s.totals.map((t) => [
        `Total ${KIND[t.kind].toLowerCase()}`,
        '',
        '',
        t.currency,
        t.amount,
        String(t.accounts),
      ]),
      truncated: false,
    },
  ];
}

/** The mix's totals per currency and kind, in cents (the base of each product's share). */
function mixTotals(mix: ProductMix[]) {
  const by = new Map<string, bigint>();
  for (const m of mix)
    by.set(`${m.currency}:${m.kind}`, (by.get(`${m.currency}:${m.kind}`) ?? 0n) + toCents(m.amount));
  return by;
}

export function depositBorrowingTables(d: DepositBorrowing, currency: string | null): ReportTable[] {
  const period = `Month ends from ${d.from} to ${d.to}${currency ? `, ${currency}` : ''}.`;
  const scope = analysisScopeLabel(d.branch, d.product);
  const months: ReportTable = {
    title: T.analysisTitle,
    subtitle: [scope, period],
    columns: [
      col('Month'),
      col('Currency'),
      col('As at'),
      col('Deposits', true),
      col('Change', true),
      col('Loans outstanding', true),
      col('Change', true),
      col('Deposit accounts', true),
      col('Loan accounts', true),
    ],
    rows: d.months.map((m) => [
      m.month,
      m.currency,
      m.asAt ? formatDate(m.asAt) : '—',
      dash(m.deposits),
      dash(m.depositsChange),
      dash(m.loans),
      dash(m.loansChange),
      dash(m.depositAccounts),
      dash(m.loanAccounts),
    ]),
    totals: [],
    truncated: false,
  };
  if (d.mixAsAt === null) return [months];
  const totals = mixTotals(d.mix);
  const totalRows = [...totals.entries()].map(([key, cents]) => {
    const [cur, kind] = key.split(':') as [string, ProductMix['kind']];
    return [`Total ${KIND[kind].toLowerCase()}`, '', cur, fromCents(cents), '', ''];
  });
  const mix: ReportTable = {
    title: `Mix by product at ${formatDate(d.mixAsAt)}`,
    subtitle: [scope],
    columns: [
      col('Product'),
      col('Kind'),
      col('Currency'),
      col('Amount', true),
      col('Share of kind (%)', true),
      col('Accounts', true),
    ],
    rows: d.mix.map((m) => [
      `${m.productCode} ${m.productName}`,
      m.kind === 'loan' ? 'Loan' : 'Deposit',
      m.currency,
      m.amount,
      dash(shareOfKind(m.amount, totals.get(`${m.currency}:${m.kind}`)!)),
      String(m.accounts),
    ]),
    totals: totalRows,
    truncated: false,
  };
  return [months, mix];
}

export function branchStatisticsTables(b: BranchStatistics): ReportTable[] {
  const close = b.asAt ? formatDate(b.asAt) : '— (no end of day kept yet)';
  const start = b.startAt ? `; closings counted from the close of ${formatDate(b.startAt)}.` : '.';
  return [
    {
      title: BRANCH_STATISTICS_TEXT.title,
      subtitle: [
        analysisScopeLabel(b.branch, null),
        `${formatDate(b.from)} to ${formatDate(b.to)}, ${b.currency}: balances at the close of ${close}${start}`,
      ],
      columns: [
        col('Branch'),
        col('Customers opened', true),
        col('Accounts opened', true),
        col('Accounts closed', true),
        col('Deposits', true),
        col('Loans outstanding', true),
        col('Cash at close', true),
      ],
      rows: b.rows.map((r) => [
        `${r.branchCode} ${r.branchName}`,
        String(r.customersOpened),
        String(r.accountsOpened),
        dash(r.accountsClosed),
        r.deposits,
        r.loans,
        r.cash,
      ]),
      totals: [],
      truncated: false,
    },
  ];
}

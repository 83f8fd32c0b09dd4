import { formatCurrency, type Currency, type MonthEnd, type TrendPoint } from '@bankmanager/contracts';
import { formatDate } from '@bankmanager/contracts/format';
import { ChartPanel } from '@/components/charts/chart-panel';
import { TrendChart, TrendTable } from '@/components/charts/trend-chart';
import { monthLabel, trendSummary } from '@/components/charts/trend-summary';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

const points = (rows: MonthEnd[], pick: (m: MonthEnd) => string | null): TrendPoint[] =>
  rows.map((m) => ({ month: m.month, amount: pick(m) }));

/** Deposits and loans at each month end of one currency: two charts, each with its table and summary. */
export function MonthEndCharts({ rows, currency }: { rows: MonthEnd[]; currency: Currency }) {
  const deposits = points(rows, (m) => m.deposits);
  const loans = points(rows, (m) => m.loans);
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <ChartPanel
        title={`Deposits at month end, ${currency}`}
        summary={trendSummary('Deposits', deposits, currency)}
        chart={<TrendChart points={deposits} />}
        table={
          <TrendTable caption={`Deposits at month end, ${currency}`} points={deposits} currency={currency} />
        }
      />
      <ChartPanel
        title={`Loans outstanding at month end, ${currency}`}
        summary={trendSummary('Loans outstanding', loans, currency)}
        chart={<TrendChart points={loans} />}
        table={
          <TrendTable
            caption={`Loans outstanding at month end, ${currency}`}
            points={loans}
            currency={currency}
          />
        }
      />
    </div>
  );
}

/** Every month end with its change against the month before ("—" where no end of day was kept). */
export function MonthEndTable({ rows, currency }: { rows: MonthEnd[]; currency: Currency }) {
  const money = (v: string | null) => (v === null ? '—' : formatCurrency(v, currency));
  return (
    <div className="overflow-x-auto">
      <Table aria-label={`Month ends, ${currency}`}>
        <TableHeader>
          <TableRow>
            <TableHead>Month</TableHead>
            <TableHead>As at</TableHead>
            <TableHead align="right">Deposits</TableHead>
            <TableHead align="right">Change</TableHead>
            <TableHead align="right">Loans outstanding</TableHead>
            <TableHead align="right">Change</TableHead>
            <TableHead align="right">Accounts (deposit / loan)</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((m) => (
            <TableRow key={m.month}>
              <TableCell kind="date">{monthLabel(m.month)}</TableCell>
              <TableCell kind="date">{m.asAt ? formatDate(m.asAt) : '—'}</TableCell>
              <TableCell align="right" kind="amount">
                {money(m.deposits)}
              </TableCell>
              <TableCell align="right" kind="amount">
                {money(m.depositsChange)}
              </TableCell>
              <TableCell align="right" kind="amount">
                {money(m.loans)}
              </TableCell>
              <TableCell align="right" kind="amount">
                {money(m.loansChange)}
              </TableCell>
              <TableCell align="right">
                {m.depositAccounts === null ? '—' : `${m.depositAccounts} / ${m.loanAccounts}`}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

import {
  EXECUTIVE_DASHBOARD_TEXT as T,
  formatCurrency,
  type Currency,
  type ExecutiveDashboard,
} from '@bankmanager/contracts';
import { ChartPanel } from '@/components/charts/chart-panel';
import { TrendChart } from '@/components/charts/trend-chart';
import { monthLabel } from '@/components/charts/trend-summary';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { FigureCard } from './figure-card';

type Npl = ExecutiveDashboard['npl'];
type Trend = Npl['currencies'][number]['trend'];

const pct = (v: string | null) => (v === null ? '—' : `${v}%`);

/** The NPL ratio of the chosen currency's book, with what it is made of and as at which close. */
export function NplCard({ npl, currency }: { npl: Npl; currency: Currency }) {
  const c = npl.currencies.find((x) => x.currency === currency);
  const note =
    npl.note ??
    (c && c.percent !== null
      ? `${formatCurrency(c.nonPerforming, currency)} non-performing of ${formatCurrency(c.gross, currency)}, at ${npl.asAt}`
      : `No ${currency} loans at ${npl.asAt}`);
  return <FigureCard label={`${T.nplTitle} (${currency})`} value={pct(c?.percent ?? null)} note={note} />;
}

/** One sentence for the chart: the first and last months with a ratio, and the highest. */
export function nplSummary(trend: Trend): string {
  const known = trend.filter((p) => p.percent !== null) as Array<{ month: string; percent: string }>;
  if (known.length === 0) return `${T.nplTitle}: no figures yet.`;
  const last = known.at(-1)!;
  if (known.length === 1)
    return `${T.nplTitle}: ${last.percent}% in ${monthLabel(last.month)}; no earlier month yet.`;
  const first = known[0]!;
  const high = known.reduce((a, b) => (Number(b.percent) > Number(a.percent) ? b : a));
  return (
    `${T.nplTitle}: ${first.percent}% in ${monthLabel(first.month)}, ${last.percent}% in ${monthLabel(last.month)}; ` +
    `highest ${high.percent}% in ${monthLabel(high.month)}.`
  );
}

/** The same figures as a table: month and ratio ("—" for a month with no classified book). */
export function NplTable({ caption, trend }: { caption: string; trend: Trend }) {
  return (
    <Table aria-label={caption}>
      <TableHeader>
        <TableRow>
          <TableHead>Month</TableHead>
          <TableHead align="right">NPL ratio</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {trend.map((p) => (
          <TableRow key={p.month}>
            <TableCell kind="date">{monthLabel(p.month)}</TableCell>
            <TableCell align="right" kind="amount">
              {pct(p.percent)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The 12-month NPL trend of one currency's book: a line, its summary, and its table view. */
export function NplTrend({ npl, currency }: { npl: Npl; currency: Currency }) {
  const trend = npl.currencies.find((x) => x.currency === currency)?.trend ?? [];
  const title = `${T.nplTitle}, last 12 months`;
  return (
    <ChartPanel
      title={title}
      summary={nplSummary(trend)}
      chart={<TrendChart points={trend.map((p) => ({ month: p.month, amount: p.percent }))} />}
      table={<NplTable caption={title} trend={trend} />}
    />
  );
}

import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCurrency, type Currency, type TrendPoint } from '@bankmanager/contracts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { monthLabel } from '../lib/summary';

// Colours from the theme's variables, so the light and dark themes each keep their contrast.
const AXIS = { fill: 'var(--color-muted-foreground)', fontSize: 12 };

/** The picture only: money is plotted as a number for its position on screen, never added up. */
export function TrendChart({ points, currency }: { points: TrendPoint[]; currency: Currency }) {
  const data = points.map((p) => ({
    month: monthLabel(p.month),
    amount: p.amount === null ? null : Number(p.amount),
    label: p.amount,
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--color-border)" vertical={false} />
        <XAxis dataKey="month" tick={AXIS} interval="preserveStartEnd" minTickGap={16} />
        <YAxis
          tick={AXIS}
          width={64}
          tickFormatter={(v: number) => new Intl.NumberFormat('en-US', { notation: 'compact' }).format(v)}
        />
        <Tooltip
          contentStyle={{ background: 'var(--color-card)', borderColor: 'var(--color-border)' }}
          labelStyle={{ color: 'var(--color-foreground)' }}
          formatter={(_v, _n, item) => [
            formatCurrency((item.payload as { label: string }).label, currency),
            'Amount',
          ]}
        />
        <Line
          type="monotone"
          dataKey="amount"
          stroke="var(--color-primary)"
          strokeWidth={2}
          dot={{ r: 3, fill: 'var(--color-primary)' }}
          connectNulls={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

/** The same figures as a table: month, amount ("—" for a month before the first end of day). */
export function TrendTable({
  caption,
  points,
  currency,
}: {
  caption: string;
  points: TrendPoint[];
  currency: Currency;
}) {
  return (
    <Table aria-label={caption}>
      <TableHeader>
        <TableRow>
          <TableHead>Month</TableHead>
          <TableHead align="right">Amount</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {points.map((p) => (
          <TableRow key={p.month}>
            <TableCell kind="date">{monthLabel(p.month)}</TableCell>
            <TableCell align="right" kind="amount">
              {p.amount === null ? '—' : formatCurrency(p.amount, currency)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

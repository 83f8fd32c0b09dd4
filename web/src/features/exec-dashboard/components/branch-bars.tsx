import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCurrency, type Currency } from '@bankmanager/contracts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

const AXIS = { fill: 'var(--color-muted-foreground)', fontSize: 12 };

export interface BranchAmount {
  branchCode: string;
  branchName: string;
  amount: string;
}

/** Deposits per branch as horizontal bars (names stay readable at 390 px). */
export function BranchBars({ rows, currency }: { rows: BranchAmount[]; currency: Currency }) {
  const data = rows.map((r) => ({ name: r.branchName, amount: Number(r.amount), label: r.amount }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} layout="vertical" margin={{ top: 0, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--color-border)" horizontal={false} />
        <XAxis
          type="number"
          tick={AXIS}
          tickFormatter={(v: number) => new Intl.NumberFormat('en-US', { notation: 'compact' }).format(v)}
        />
        <YAxis type="category" dataKey="name" tick={AXIS} width={96} />
        <Tooltip
          contentStyle={{ background: 'var(--color-card)', borderColor: 'var(--color-border)' }}
          labelStyle={{ color: 'var(--color-foreground)' }}
          cursor={{ fill: 'var(--color-muted)' }}
          formatter={(_v, _n, item) => [
            formatCurrency((item.payload as { label: string }).label, currency),
            'Deposits',
          ]}
        />
        <Bar dataKey="amount" fill="var(--color-primary)" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function BranchTable({ rows, currency }: { rows: BranchAmount[]; currency: Currency }) {
  return (
    <Table aria-label="Deposits by branch">
      <TableHeader>
        <TableRow>
          <TableHead>Branch</TableHead>
          <TableHead align="right">Deposits</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.branchCode}>
            <TableCell>{`${r.branchCode} ${r.branchName}`}</TableCell>
            <TableCell align="right" kind="amount">
              {formatCurrency(r.amount, currency)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

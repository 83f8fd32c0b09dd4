import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridColumns } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { formatCurrency, type Currency } from '@bankmanager/contracts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { compact, tickLabel } from './chart-theme';
import { useWidth } from './use-width';

export interface BranchAmount {
  branchCode: string;
  branchName: string;
  amount: string;
}

const M = { top: 4, right: 16, bottom: 28, left: 100 };

/** The height the bars need: one row per branch, so names stay readable at 390 px. */
export const branchChartHeight = (rows: number): number => Math.max(120, rows * 28 + M.top + M.bottom);

/** Deposits per branch as horizontal bars (a number for the bar's length only, never added up). */
export function BranchBars({ rows }: { rows: BranchAmount[] }) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const height = branchChartHeight(rows.length);
  return (
    <div ref={ref} className="h-full w-full">
      <Plot rows={rows} width={width} height={height} />
    </div>
  );
}

function Plot({ rows, width, height }: { rows: BranchAmount[]; width: number; height: number }) {
  const [w, h] = [width - M.left - M.right, height - M.top - M.bottom];
  const data = rows.map((r) => ({ name: r.branchName, v: Number(r.amount) }));
  const y = scaleBand({ domain: data.map((d) => d.name), range: [0, h], padding: 0.25 });
  const x = scaleLinear({ domain: [0, Math.max(1, ...data.map((d) => d.v))], range: [0, w], nice: true });
  return (
    <svg width={width} height={height} className="text-muted-foreground overflow-visible">
      <Group left={M.left} top={M.top}>
        <GridColumns
          scale={x}
          height={h}
          numTicks={w < 300 ? 2 : 4}
          className="stroke-border"
          stroke="currentColor"
        />
        {data.map((d) => (
          <Bar
            key={d.name}
            x={0}
            y={y(d.name) ?? 0}
            width={Math.max(0, x(d.v))}
            height={y.bandwidth()}
            className="fill-primary"
          />
        ))}
        <AxisLeft
          scale={y}
          stroke="currentColor"
          tickStroke="currentColor"
          tickFormat={(n) => (n.length > 14 ? `${n.slice(0, 13)}…` : n)}
          tickLabelProps={() => ({ ...tickLabel, textAnchor: 'end', dx: -4, dy: 4 })}
        />
        <AxisBottom
          top={h}
          scale={x}
          numTicks={w < 300 ? 2 : 4}
          stroke="currentColor"
          tickStroke="currentColor"
          tickFormat={(v) => compact(Number(v))}
          tickLabelProps={() => ({ ...tickLabel, textAnchor: 'middle' })}
        />
      </Group>
    </svg>
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

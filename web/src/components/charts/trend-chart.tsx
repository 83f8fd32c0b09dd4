import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleLinear, scalePoint } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { formatCurrency, type Currency, type TrendPoint } from '@bankmanager/contracts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { monthLabel } from './trend-summary';
import { CHART_HEIGHT, compact, tickLabel } from './chart-theme';
import { useWidth } from './use-width';

const M = { top: 12, right: 12, bottom: 28, left: 56 };

/**
 * The picture only (the panel names it and gives its table). Money is turned into a number here for
 * its position on screen alone, never added up. Colours are the theme's classes, so light and dark
 * each keep their contrast.
 */
export function TrendChart({ points, height = CHART_HEIGHT }: { points: TrendPoint[]; height?: number }) {
  const { ref, width } = useWidth<HTMLDivElement>();
  return (
    <div ref={ref} className="h-full w-full">
      <Plot points={points} width={width} height={height} />
    </div>
  );
}

function Plot({ points, width, height }: { points: TrendPoint[]; width: number; height: number }) {
  const data = points.map((p) => ({ month: p.month, y: p.amount === null ? null : Number(p.amount) }));
  const values = data.flatMap((d) => (d.y === null ? [] : [d.y]));
  const [w, h] = [width - M.left - M.right, height - M.top - M.bottom];
  const x = scalePoint({ domain: data.map((d) => d.month), range: [0, w], padding: 0.3 });
  const y = scaleLinear({
    domain: [Math.min(0, ...values), Math.max(1, ...values)],
    range: [h, 0],
    nice: true,
  });
  // At phone width every third month is labelled, so the labels never overlap.
  const step = w < 420 ? 3 : 1;
  const ticks = data.map((d) => d.month).filter((_, i) => (data.length - 1 - i) % step === 0);
  return (
    <svg width={width} height={height} className="text-muted-foreground overflow-visible">
      <Group left={M.left} top={M.top}>
        <GridRows scale={y} width={w} numTicks={4} className="stroke-border" stroke="currentColor" />
        <AxisLeft
          scale={y}
          numTicks={4}
          stroke="currentColor"
          tickStroke="currentColor"
          tickFormat={(v) => compact(Number(v))}
          tickLabelProps={() => ({ ...tickLabel, textAnchor: 'end', dx: -4, dy: 4 })}
        />
        <AxisBottom
          top={h}
          scale={x}
          tickValues={ticks}
          stroke="currentColor"
          tickStroke="currentColor"
          tickFormat={(m) => monthLabel(m).replace(/ \d\d(\d\d)$/, " '$1")}
          tickLabelProps={() => ({ ...tickLabel, textAnchor: 'middle' })}
        />
        <LinePath
          data={data}
          defined={(d) => d.y !== null}
          x={(d) => x(d.month) ?? 0}
          y={(d) => y(d.y ?? 0)}
          className="stroke-primary"
          strokeWidth={2}
          fill="none"
        />
        {data.map((d) =>
          d.y === null ? null : (
            <circle key={d.month} cx={x(d.month)} cy={y(d.y)} r={3} className="fill-primary" />
          ),
        )}
      </Group>
    </svg>
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

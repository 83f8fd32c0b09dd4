import { RETURNS_TEXT, formatAmount, type PreparedReturn, type ReturnLine } from '@bankmanager/contracts';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { cn } from '@/lib/cn';

const COLUMNS = [
  ['SLE', 'current', 'SLE'],
  ['SLE', 'previous', 'SLE previous'],
  ['SLE', 'variance', 'SLE variance'],
  ['USD', 'current', 'USD'],
  ['USD', 'previous', 'USD previous'],
  ['USD', 'variance', 'USD variance'],
] as const;

function figure(l: ReturnLine, v: string | null): string {
  if (l.kind === 'unavailable') return RETURNS_TEXT.notAvailable;
  if (v == null) return '';
  return l.unit === 'amount' ? formatAmount(v) : l.unit === 'percent' ? `${v} %` : v;
}

/** One return: its lines with the previous month and the variance, then its reconciliation. */
export function ReturnTable({
  r,
  monthEnd,
  previous,
}: {
  r: PreparedReturn;
  monthEnd: string;
  previous: string;
}) {
  return (
    <section aria-labelledby={`return-${r.code}`} className="grid gap-2">
      <h3 id={`return-${r.code}`} className="text-lg font-semibold">
        {r.name}
      </h3>
      <p className="text-sm text-muted-foreground">{r.note}</p>
      <div className="overflow-x-auto">
        <Table>
          <TableCaption>{`${r.name} at ${monthEnd}, beside ${previous}`}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Line</TableHead>
              {COLUMNS.map(([, , title]) => (
                <TableHead key={title} align="right">
                  {title}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {r.lines.map((l) => (
              <TableRow
                key={l.code}
                data-testid={`line-${r.code}-${l.code}`}
                className={cn((l.kind === 'heading' || l.kind === 'total') && 'font-semibold')}
              >
                <TableCell>{l.label}</TableCell>
                {COLUMNS.map(([c, w, title]) => (
                  <TableCell key={title} align="right" kind="amount">
                    {figure(l, l[w][c])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid gap-1 text-sm" aria-label={`${r.name}: reconciliation with the trial balance`}>
        {r.checks.map((c) => (
          <li
            key={`${c.line}-${c.currency}`}
            className={cn(
              c.difference === '0.00'
                ? 'text-green-700 dark:text-green-400'
                : 'font-semibold text-destructive',
            )}
          >
            {`${c.label} (${c.currency}): return ${formatAmount(c.returnTotal)}, trial balance ${formatAmount(
              c.trialBalance,
            )}, difference ${formatAmount(c.difference)}`}
          </li>
        ))}
      </ul>
    </section>
  );
}

import { formatAmount, formatDate, type LoanInstalment } from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';
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

/** Each state in words (the badge) and a row shade; the words carry the meaning, the shade only helps. */
const STATE = {
  paid: { label: 'Paid', variant: 'secondary', row: 'bg-emerald-50 dark:bg-emerald-950' },
  partly: { label: 'Partly paid', variant: 'warning', row: 'bg-amber-50 dark:bg-amber-950' },
  overdue: { label: 'Overdue', variant: 'destructive', row: 'bg-red-50 dark:bg-red-950' },
  due: { label: 'Due today', variant: 'default', row: '' },
  future: { label: 'Not yet due', variant: 'outline', row: '' },
} as const;

/** The frozen schedule: parts due and paid per instalment, shaded by its state on the business date. */
export function ScheduleTable({ rows }: { rows: LoanInstalment[] }) {
  return (
    <div className="overflow-x-auto">
      <Table>
        <TableCaption>Repayment schedule</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead align="right">No.</TableHead>
            <TableHead>Due date</TableHead>
            <TableHead align="right">Principal</TableHead>
            <TableHead align="right">Interest</TableHead>
            <TableHead align="right">Fees</TableHead>
            <TableHead align="right">Penalty</TableHead>
            <TableHead align="right">Due</TableHead>
            <TableHead align="right">Paid</TableHead>
            <TableHead>State</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((i) => {
            const s = STATE[i.state];
            return (
              <TableRow key={i.instalmentNumber} className={cn(s.row)} data-state={i.state}>
                <TableCell align="right">{i.instalmentNumber}</TableCell>
                <TableCell kind="date">{formatDate(i.dueDate)}</TableCell>
                <TableCell align="right" kind="amount">
                  {formatAmount(i.principalDue)}
                </TableCell>
                <TableCell align="right" kind="amount">
                  {formatAmount(i.interestDue)}
                </TableCell>
                <TableCell align="right" kind="amount">
                  {formatAmount(i.feeDue)}
                </TableCell>
                <TableCell align="right" kind="amount">
                  {formatAmount(i.penaltyDue)}
                </TableCell>
                <TableCell align="right" kind="amount">
                  {formatAmount(i.totalDue)}
                </TableCell>
                <TableCell align="right" kind="amount">
                  {formatAmount(i.totalPaid)}
                </TableCell>
                <TableCell>
                  <Badge variant={s.variant}>{s.label}</Badge>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

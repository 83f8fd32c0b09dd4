import { formatAmount, formatDate, type LoanSchedule } from '@bankmanager/contracts';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

const GRACE_NOTE = { full: 'grace: interest added to principal', principal: 'grace: interest only' } as const;

/** Every instalment of a loan (the simulation, an application's appraisal), with the totals underneath; scrolls sideways on a phone. */
export function ScheduleTable({ schedule }: { schedule: LoanSchedule }) {
  const t = schedule.totals;
  return (
    <Table className="print:text-xs">
      <TableCaption>Repayment schedule, amounts in Leones</TableCaption>
      <TableHeader>
        <tr>
          <TableHead align="right">No.</TableHead>
          <TableHead>Due date</TableHead>
          <TableHead align="right">Principal</TableHead>
          <TableHead align="right">Interest</TableHead>
          <TableHead align="right">Fees</TableHead>
          <TableHead align="right">Instalment</TableHead>
          <TableHead align="right">Balance after</TableHead>
        </tr>
      </TableHeader>
      <TableBody>
        {schedule.instalments.map((i) => (
          <TableRow key={i.number}>
            <TableCell align="right">{i.number}</TableCell>
            <TableCell kind="date">
              {formatDate(i.dueDate)}
              {i.grace ? (
                <span className="text-muted-foreground block text-xs">{GRACE_NOTE[i.grace]}</span>
              ) : null}
            </TableCell>
            <TableCell align="right" kind="amount">
              {formatAmount(i.principal)}
            </TableCell>
            <TableCell align="right" kind="amount">
              {formatAmount(i.interest)}
            </TableCell>
            <TableCell align="right" kind="amount">
              {formatAmount(i.fees)}
            </TableCell>
            <TableCell align="right" kind="amount">
              {formatAmount(i.total)}
            </TableCell>
            <TableCell align="right" kind="amount">
              {formatAmount(i.balanceAfter)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      <tfoot className="border-t-2 font-semibold">
        <tr>
          <TableCell colSpan={2}>Total</TableCell>
          <TableCell align="right" kind="amount">
            {formatAmount(t.principal)}
          </TableCell>
          <TableCell align="right" kind="amount">
            {formatAmount(t.interest)}
          </TableCell>
          <TableCell align="right" kind="amount">
            {formatAmount(t.fees)}
          </TableCell>
          <TableCell align="right" kind="amount">
            {formatAmount(t.total)}
          </TableCell>
          <TableCell />
        </tr>
      </tfoot>
    </Table>
  );
}

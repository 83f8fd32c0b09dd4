import { useState } from 'react';
import { formatAmount, formatDate, type LoanRepaymentRow } from '@bankmanager/contracts';
import { ReversalRequestForm } from '@/components/ledger/reversal-request-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { usePermissions } from '@/lib/permissions';
import { useLoanRepayments } from '../api/loan-grading';

/**
 * The loan 360's Repayments tab: newest first. Holders of `postings.reverse` get "Reverse" on each
 * repayment not yet reversed; it asks for the reversal of the repayment's journal entry through the
 * payments' four-eyes reversal (ADR 0062). The server refuses all but the newest, and any made before
 * a restructuring; the form shows the refusal in words.
 */
export function RepaymentsTab({ loanId }: { loanId: number }) {
  const list = useLoanRepayments(loanId);
  const reverses = usePermissions().can('postings.reverse');
  const [open, setOpen] = useState<LoanRepaymentRow | null>(null);
  if (list.isPending) return <p role="status">Loading the repayments…</p>;
  if (list.isError)
    return (
      <p role="alert" className="text-destructive">
        {list.error.message}
      </p>
    );
  if (list.data.rows.length === 0) return <p role="status">No repayments yet.</p>;
  return (
    <div className="overflow-x-auto">
      <Table>
        <TableCaption>Repayments of the loan (newest first)</TableCaption>
        <TableHeader>
          <TableRow>
            {[
              'Value date',
              'Reference',
              'Channel',
              'Amount',
              'Principal',
              'Interest',
              'Fees and penalties',
              '',
            ].map((h, k) => (
              <TableHead key={k}>{h || <span className="sr-only">Actions</span>}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.data.rows.map((r) => (
            <TableRow key={`${r.recovery ? 'recovery' : 'repayment'}-${r.id}`}>
              <TableCell>{formatDate(r.valueDate)}</TableCell>
              <TableCell className="break-all">{r.reference}</TableCell>
              {/* Money after a write-off is income, not principal: the row says so. */}
              <TableCell>{r.recovery ? `Recovery (${r.channel})` : r.channel}</TableCell>
              <TableCell>{formatAmount(r.amount)}</TableCell>
              <TableCell>{formatAmount(r.principal)}</TableCell>
              <TableCell>{formatAmount(r.interest)}</TableCell>
              <TableCell>
                {formatAmount(r.fee)} / {formatAmount(r.penalty)}
              </TableCell>
              <TableCell>
                {r.reversed ? (
                  'Reversed'
                ) : reverses ? (
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    aria-label={`Reverse repayment ${r.reference}`}
                    onClick={() => setOpen(r)}
                  >
                    Reverse
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {open ? (
        <Dialog open onOpenChange={(o) => (!o ? setOpen(null) : undefined)}>
          <DialogContent>
            <DialogTitle>Reverse a repayment</DialogTitle>
            <DialogDescription>
              {`${open.reference} · ${formatAmount(open.amount)} on ${formatDate(open.valueDate)}: a second person approves the reversal; the newest repayment goes first.`}
            </DialogDescription>
            <ReversalRequestForm entryId={open.entryId} />
            <DialogFooter className="mt-4">
              <DialogClose asChild>
                <Button variant="outline">Close</Button>
              </DialogClose>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      ) : null}
    </div>
  );
}

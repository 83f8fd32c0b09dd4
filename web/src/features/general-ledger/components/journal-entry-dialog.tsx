import { useState } from 'react';
import { formatCurrency, journalSourceLabel } from '@bankmanager/contracts';
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
import { ReversalRequestForm } from '@/components/ledger/reversal-request-form';
import { usePermissions } from '@/lib/permissions';
import { useJournalEntry } from '../api/get-journal-entry';

/**
 * One journal entry: its lines, and Reverse, which asks a second person to approve a mirror entry
 * pointing at it (four-eyes). A reversal is never itself reversed.
 */
export function JournalEntryDialog({
  id,
  onClose,
  onOpen,
}: {
  id: string;
  onClose: () => void;
  onOpen: (id: string) => void;
}) {
  const entry = useJournalEntry(id);
  const { can } = usePermissions();
  const [reversing, setReversing] = useState(false);
  const e = entry.data;
  const canReverse = e && !e.reversed_by && !e.reversal_of && can('postings.reverse');
  return (
    <Dialog open onOpenChange={(o) => (!o ? onClose() : undefined)}>
      <DialogContent size="lg">
        <DialogTitle>{`Journal entry ${id}`}</DialogTitle>
        <DialogDescription>
          {e
            ? `${e.business_date} · ${journalSourceLabel(e.source)} · ${e.reference} · ${e.maker_email ?? 'system'}`
            : 'Loading the entry...'}
        </DialogDescription>
        {entry.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {entry.error.message}
          </p>
        ) : e ? (
          <div className="grid gap-3">
            <p>{e.narration}</p>
            {e.reversal_of ? (
              <p className="text-sm">
                Reverses{' '}
                <button
                  type="button"
                  className="underline"
                  onClick={() => onOpen(e.reversal_of!)}
                >{`entry ${e.reversal_of}`}</button>
              </p>
            ) : null}
            {e.reversed_by ? (
              <p className="text-sm" data-testid="reversed-by">
                Reversed by{' '}
                <button
                  type="button"
                  className="underline"
                  onClick={() => onOpen(e.reversed_by!)}
                >{`entry ${e.reversed_by}`}</button>
              </p>
            ) : null}
            <Table>
              <TableCaption>{`Lines of entry ${id}`}</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>Account</TableHead>
                  <TableHead align="right">Debit</TableHead>
                  <TableHead align="right">Credit</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {e.lines.map((l) => (
                  <TableRow key={l.id}>
                    <TableCell>
                      {l.account_number
                        ? `${l.account_number} (${l.gl_code} ${l.gl_name})`
                        : `${l.gl_code} ${l.gl_name}`}
                    </TableCell>
                    <TableCell align="right" kind="amount">
                      {l.side === 'debit' ? formatCurrency(l.amount, l.currency) : ''}
                    </TableCell>
                    <TableCell align="right" kind="amount">
                      {l.side === 'credit' ? formatCurrency(l.amount, l.currency) : ''}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {canReverse && reversing ? <ReversalRequestForm entryId={id} /> : null}
          </div>
        ) : null}
        <DialogFooter className="mt-4 flex flex-wrap gap-2">
          {canReverse && !reversing ? (
            <Button variant="destructive" onClick={() => setReversing(true)}>
              Reverse
            </Button>
          ) : null}
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

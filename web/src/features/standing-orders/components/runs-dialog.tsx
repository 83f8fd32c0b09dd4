import { formatDateTime } from '@bankmanager/contracts/format';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useRuns } from '../api/runs';

/** What each due date came to: posted (with its entry), failed and to be retried, or missed. */
export function RunsDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const runs = useRuns(id);
  return (
    <Dialog open onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <DialogContent size="lg">
        <DialogTitle>{`Runs of standing order ${id}`}</DialogTitle>
        <DialogDescription>Newest due date first.</DialogDescription>
        {runs.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {runs.error.message}
          </p>
        ) : !runs.data ? (
          <p role="status">Loading...</p>
        ) : runs.data.rows.length === 0 ? (
          <p>Not run yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <tr>
                  <TableHead>Due</TableHead>
                  <TableHead>Outcome</TableHead>
                  <TableHead>Entry</TableHead>
                  <TableHead>Last tried</TableHead>
                </tr>
              </TableHeader>
              <TableBody>
                {runs.data.rows.map((r) => (
                  <TableRow key={r.due_date}>
                    <TableCell kind="date">{r.due_date}</TableCell>
                    <TableCell>
                      {r.status === 'posted'
                        ? 'Posted'
                        : `${r.status === 'failed' ? 'Failed (will retry)' : 'Missed'}: ${r.message ?? r.code ?? ''}`}
                    </TableCell>
                    <TableCell>
                      {[r.entry_id, r.fee_entry_id && `fee ${r.fee_entry_id}`].filter(Boolean).join(' · ') ||
                        '—'}
                    </TableCell>
                    <TableCell kind="date">{`${formatDateTime(r.run_at)} (${r.attempts} ${r.attempts === 1 ? 'try' : 'tries'})`}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        <DialogFooter className="mt-4">
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

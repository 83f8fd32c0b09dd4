import { formatAmount, type Transaction } from '@bankmanager/contracts';
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
import { usePostingLegs } from '../api/get-posting-legs';

/**
 * Reverse, from a transaction's row: finds the posting's journal entry, then asks for its
 * reversal with a reason; a second person approves it in the inbox. A reversal is not reversed.
 */
export function ReversePostingDialog({
  number,
  transaction: t,
  onClose,
}: {
  number: string;
  transaction: Transaction;
  onClose: () => void;
}) {
  const legs = usePostingLegs(number, t.id, true);
  return (
    <Dialog open onOpenChange={(o) => (!o ? onClose() : undefined)}>
      <DialogContent>
        <DialogTitle>Reverse a posting</DialogTitle>
        <DialogDescription>
          {`${t.description} · ${t.type === 'credit' ? '+' : '-'}${formatAmount(t.amount)}`}
        </DialogDescription>
        {legs.isPending ? (
          <p role="status">Finding the journal entry...</p>
        ) : legs.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {legs.error.message}
          </p>
        ) : legs.data.source === 'reversal' ? (
          <p role="alert" className="text-sm">
            {`This posting belongs to entry ${legs.data.entry_id}, itself a reversal: it cannot be reversed.`}
          </p>
        ) : (
          <div className="grid gap-3">
            <p className="text-sm">{`Journal entry ${legs.data.entry_id} · ${legs.data.business_date} · ${legs.data.reference}: every line of it will be posted on the other side once a second person approves.`}</p>
            <ReversalRequestForm entryId={legs.data.entry_id} />
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

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/lib/toast';
import { downloadStatement } from '../api/download-statement';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** 'Download Statement': asks for the period (default: the last 30 days), then downloads the PDF. */
export function StatementDialog({ accountNumber }: { accountNumber: string }) {
  const today = new Date();
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState(isoDay(new Date(today.getTime() - 30 * 86_400_000)));
  const [to, setTo] = useState(isoDay(today));
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await downloadStatement(accountNumber, from, to, 'pdf');
      setOpen(false);
      // A finished download says so: the browser may save it without a sign.
      toast({ title: 'Statement downloaded', description: `${from} to ${to}, PDF`, variant: 'success' });
    } catch (err) {
      toast({
        title: 'Error',
        description: err instanceof Error ? err.message : 'Failed to download the statement',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">Download Statement</Button>
      </DialogTrigger>
      <DialogContent size="sm">
        <DialogTitle>Download Statement</DialogTitle>
        <DialogDescription>Choose the period. The statement downloads as a PDF.</DialogDescription>
        <form onSubmit={submit} className="grid gap-4">
          <div className="grid grid-cols-2 gap-3">
            <FormField
              id="statement-from"
              label="From"
              type="date"
              required
              value={from}
              max={to}
              onChange={(e) => setFrom(e.target.value)}
            />
            <FormField
              id="statement-to"
              label="To"
              type="date"
              required
              value={to}
              min={from}
              max={isoDay(today)}
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
          <DialogFooter className="mt-0">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? 'Preparing...' : 'Download PDF'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

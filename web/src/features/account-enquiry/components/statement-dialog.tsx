import { useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
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
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline">Download Statement</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="bg-card text-card-foreground fixed top-1/2 left-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg border p-6 shadow-lg">
          <Dialog.Title className="text-lg font-semibold">Download Statement</Dialog.Title>
          <Dialog.Description className="text-muted-foreground mb-4 text-sm">
            Choose the period. The statement downloads as a PDF.
          </Dialog.Description>
          <form onSubmit={submit} className="grid gap-4">
            <div className="grid grid-cols-2 gap-3">
              <div className="grid gap-2">
                <Label htmlFor="statement-from">From</Label>
                <Input
                  id="statement-from"
                  type="date"
                  required
                  value={from}
                  max={to}
                  onChange={(e) => setFrom(e.target.value)}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="statement-to">To</Label>
                <Input
                  id="statement-to"
                  type="date"
                  required
                  value={to}
                  min={from}
                  onChange={(e) => setTo(e.target.value)}
                />
              </div>
            </div>
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button type="button" variant="outline">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={busy}>
                {busy ? 'Preparing...' : 'Download PDF'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

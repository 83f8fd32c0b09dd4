import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { STATEMENT_END_AFTER_TODAY, statementQuerySchema } from '@bankmanager/contracts';
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
import { fieldErrorsFrom, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { toast } from '@/lib/toast';
import { downloadStatement } from '../api/download-statement';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

type Period = { from: string; to: string };

// The route's own query schema; the server holds the end to its business date, the form to today's.
const periodSchema = statementQuerySchema.refine((q) => q.to <= isoDay(new Date()), {
  message: STATEMENT_END_AFTER_TODAY,
  path: ['to'],
});

const lastThirtyDays = (): Period => {
  const today = new Date();
  return { from: isoDay(new Date(today.getTime() - 30 * 86_400_000)), to: isoDay(today) };
};

/** 'Download Statement': asks for the period (default: the last 30 days), then downloads the PDF. */
export function StatementDialog({ accountNumber }: { accountNumber: string }) {
  const [open, setOpen] = useState(false);
  const [defaults] = useState(lastThirtyDays);
  const form = useForm<Period, unknown, { from: string; to: string; format: 'pdf' | 'csv' }>({
    defaultValues: defaults,
    resolver: contractResolver(periodSchema, (v: Period) => ({ ...v, format: 'pdf' })),
  });
  const [from, to] = useWatch({ control: form.control, name: ['from', 'to'] });
  const errors = form.formState.errors;
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async ({ from, to, format }) => {
    try {
      await downloadStatement(accountNumber, from, to, format);
      setOpen(false);
      // A finished download says so: the browser may save it without a sign.
      toast({ title: 'Statement downloaded', description: `${from} to ${to}, PDF`, variant: 'success' });
    } catch (err) {
      if (setFieldErrors(form.setError, fieldErrorsFrom(err)).length > 0) return;
      toast({
        title: 'Error',
        description: err instanceof Error ? err.message : 'Failed to download the statement',
        variant: 'destructive',
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">Download Statement</Button>
      </DialogTrigger>
      <DialogContent size="sm">
        <DialogTitle>Download Statement</DialogTitle>
        <DialogDescription>Choose the period. The statement downloads as a PDF.</DialogDescription>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <div className="grid grid-cols-2 gap-3">
            <FormField
              id="statement-from"
              label="From"
              type="date"
              required
              max={to}
              error={errors.from?.message}
              {...form.register('from')}
            />
            <FormField
              id="statement-to"
              label="To"
              type="date"
              required
              min={from}
              max={defaults.to}
              error={errors.to?.message}
              {...form.register('to')}
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

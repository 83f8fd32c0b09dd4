import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
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
import { DateField } from '@/components/ui/date-field';
import { Field } from '@/components/ui/form-field';
import { fieldErrorsFrom, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { useBusinessDate } from '@/lib/business-date';
import { toast } from '@/lib/toast';
import { downloadStatement } from '../api/download-statement';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

type Period = { from: string; to: string };

// The route's own query schema; the statement may run to the bank's business date (the server holds
// it there too), which is not the wall clock's.
const periodSchema = (lastDay: string) =>
  statementQuerySchema.refine((q) => q.to <= lastDay, { message: STATEMENT_END_AFTER_TODAY, path: ['to'] });

const thirtyDaysTo = (to: string): Period => ({
  from: isoDay(new Date(Date.parse(`${to}T12:00:00Z`) - 30 * 86_400_000)),
  to,
});

/**
 * 'Download Statement': asks for the period (default: the 30 days up to the business date), then
 * downloads the PDF.
 */
export function StatementDialog({ accountNumber }: { accountNumber: string }) {
  const [open, setOpen] = useState(false);
  const lastDay = useBusinessDate().data?.business_date ?? isoDay(new Date());
  const defaults = useMemo(() => thirtyDaysTo(lastDay), [lastDay]);
  const schema = useMemo(() => periodSchema(lastDay), [lastDay]);
  const form = useForm<Period, unknown, { from: string; to: string; format: 'pdf' | 'csv' }>({
    defaultValues: defaults,
    values: defaults,
    resolver: contractResolver(schema, (v: Period) => ({ ...v, format: 'pdf' })),
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
            <Controller
              control={form.control}
              name="from"
              render={({ field }) => (
                <Field id="statement-from" label="From" error={errors.from?.message}>
                  <DateField label="From" required max={to} value={field.value} onChange={field.onChange} />
                </Field>
              )}
            />
            <Controller
              control={form.control}
              name="to"
              render={({ field }) => (
                <Field id="statement-to" label="To" error={errors.to?.message}>
                  <DateField
                    label="To"
                    required
                    min={from}
                    max={lastDay}
                    value={field.value}
                    onChange={field.onChange}
                  />
                </Field>
              )}
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

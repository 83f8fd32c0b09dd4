import { useState, type FormEvent } from 'react';
import { standingOrderAmendSchema, type StandingOrder } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { fieldErrorsFrom, formLevelError, issuesByField } from '@/lib/api-errors';
import { amendOrder, cancelOrder, useOrderChange } from '../api/change-order';
import { FrequencySelect } from './frequency-select';

/** Amend (amount, narration, frequency, next and last date) or cancel with a reason, one order. */
export function AmendDialog({
  order: o,
  mode,
  onClose,
}: {
  order: StandingOrder;
  mode: 'amend' | 'cancel';
  onClose: () => void;
}) {
  const [v, setV] = useState({
    amount: o.amount,
    narration: o.narration,
    frequency: o.frequency,
    next: o.next_date ?? '',
    end: o.end_date ?? '',
    reason: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const amend = useOrderChange((b: Parameters<typeof amendOrder>[1]) => amendOrder(o.id, b));
  const cancel = useOrderChange((b: { reason: string; version: number }) => cancelOrder(o.id, b));
  const m = mode === 'amend' ? amend : cancel;
  const set = (k: keyof typeof v) => (value: string) => setV((x) => ({ ...x, [k]: value }));
  const done = { onSuccess: onClose, onError: (err: Error) => setErrors(fieldErrorsFrom(err)) };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'cancel') {
      if (!v.reason.trim()) return setErrors({ reason: 'Please give a reason' });
      return cancel.mutate({ reason: v.reason.trim(), version: o.version }, done);
    }
    const parsed = standingOrderAmendSchema.safeParse({
      amount: v.amount.trim(),
      narration: v.narration,
      frequency: v.frequency,
      end_date: v.end || null,
      next_date: v.next,
      version: o.version,
    });
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
    amend.mutate(parsed.data, done);
  };
  const refusal = formLevelError(m.error);
  return (
    <Dialog open onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <DialogContent>
        <DialogTitle>{`${mode === 'amend' ? 'Amend' : 'Cancel'} standing order ${o.id}`}</DialogTitle>
        <DialogDescription>{`${o.from_holder} → ${o.to_holder}, ${o.amount} ${o.currency}`}</DialogDescription>
        <form id={`so-${mode}-${o.id}`} onSubmit={submit} noValidate className="grid gap-3">
          {mode === 'amend' ? (
            <>
              <FormField
                id="amend-amount"
                label="Amount"
                inputMode="decimal"
                value={v.amount}
                error={errors.amount}
                onChange={(e) => set('amount')(e.target.value)}
              />
              <FormField
                id="amend-narration"
                label="Narration"
                value={v.narration}
                error={errors.narration}
                onChange={(e) => set('narration')(e.target.value)}
              />
              <FrequencySelect id="amend-frequency" value={v.frequency} onChange={set('frequency')} />
              <FormField
                id="amend-next"
                label="Next payment"
                type="date"
                value={v.next}
                error={errors.next_date}
                onChange={(e) => set('next')(e.target.value)}
              />
              <FormField
                id="amend-end"
                label="Last payment (optional)"
                type="date"
                value={v.end}
                error={errors.end_date}
                onChange={(e) => set('end')(e.target.value)}
              />
            </>
          ) : (
            <FormField
              id="cancel-reason"
              label="Reason"
              value={v.reason}
              error={errors.reason}
              onChange={(e) => set('reason')(e.target.value)}
            />
          )}
          {refusal ? (
            <p role="alert" className="text-destructive text-sm">
              {refusal.message}
            </p>
          ) : null}
        </form>
        <DialogFooter className="mt-4 flex flex-wrap gap-2">
          <Button
            type="submit"
            form={`so-${mode}-${o.id}`}
            variant={mode === 'cancel' ? 'destructive' : 'default'}
            disabled={m.isPending}
          >
            {mode === 'amend' ? 'Save the amendment' : 'Cancel the order'}
          </Button>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

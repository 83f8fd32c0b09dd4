import { useForm } from 'react-hook-form';
import {
  standingOrderAmendSchema,
  standingOrderCancelSchema,
  type StandingOrder,
  type StandingOrderAmend,
} from '@bankmanager/contracts';
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
import { fieldErrorsFrom, formLevelError, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { amendOrder, cancelOrder, useOrderChange } from '../api/change-order';
import { FrequencySelect } from './frequency-select';
import { FormDateField } from '@/components/form/form-date-field';

interface Values {
  amount: string;
  narration: string;
  frequency: string;
  next_date: string;
  end_date: string;
  reason: string;
}
type CancelBody = { reason: string; version: number };

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
  const amend = useOrderChange((b: StandingOrderAmend) => amendOrder(o.id, b));
  const cancel = useOrderChange((b: CancelBody) => cancelOrder(o.id, b));
  const m = mode === 'amend' ? amend : cancel;
  // One dialog, two requests: each is judged by the schema its own route validates with.
  const form = useForm<Values, unknown, StandingOrderAmend | CancelBody>({
    defaultValues: {
      amount: o.amount,
      narration: o.narration,
      frequency: o.frequency,
      next_date: o.next_date ?? '',
      end_date: o.end_date ?? '',
      reason: '',
    },
    resolver:
      mode === 'amend'
        ? contractResolver(standingOrderAmendSchema, (v: Values) => ({
            amount: v.amount.trim(),
            narration: v.narration,
            frequency: v.frequency,
            end_date: v.end_date || null,
            next_date: v.next_date,
            version: o.version,
          }))
        : contractResolver(standingOrderCancelSchema, (v: Values) => ({
            reason: v.reason,
            version: o.version,
          })),
  });
  const errors = form.formState.errors;
  const done = {
    onSuccess: onClose,
    onError: (err: Error) => setFieldErrors(form.setError, fieldErrorsFrom(err)),
  };
  const submit = form.handleSubmit((body) =>
    'reason' in body ? cancel.mutate(body, done) : amend.mutate(body, done),
  );
  const refusal = formLevelError(m.error);
  return (
    <Dialog open onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <DialogContent>
        <DialogTitle>{`${mode === 'amend' ? 'Amend' : 'Cancel'} standing order ${o.id}`}</DialogTitle>
        <DialogDescription>{`${o.from_holder} → ${o.to_holder}, ${o.amount} ${o.currency}`}</DialogDescription>
        <form id={`so-${mode}-${o.id}`} onSubmit={(e) => void submit(e)} noValidate className="grid gap-3">
          {mode === 'amend' ? (
            <>
              <FormField
                id="amend-amount"
                label="Amount"
                inputMode="decimal"
                {...form.register('amount')}
                error={errors.amount?.message}
              />
              <FormField
                id="amend-narration"
                label="Narration"
                {...form.register('narration')}
                error={errors.narration?.message}
              />
              <FrequencySelect id="amend-frequency" {...form.register('frequency')} />
              <FormDateField
                control={form.control}
                name="next_date"
                id="amend-next"
                label="Next payment"
                error={errors.next_date?.message}
              />
              <FormDateField
                control={form.control}
                name="end_date"
                id="amend-end"
                label="Last payment (optional)"
                error={errors.end_date?.message}
              />
            </>
          ) : (
            <FormField
              id="cancel-reason"
              label="Reason"
              {...form.register('reason')}
              error={errors.reason?.message}
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

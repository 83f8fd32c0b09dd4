import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { CUSTOMER_TEXT, RISK_RATINGS, riskOverrideSchema, type Customer360 } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { Field, FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { toastSentForApproval } from '@/lib/sent-for-approval';
import { toast } from '@/lib/toast';
import { useOverrideRisk } from '../api/risk-override';
import { errorText } from '../lib/server-errors';
import { FormDateField } from '@/components/form/form-date-field';

// High risk needs enhanced due diligence and a review date (docs/customers.md), with the contract's message.
const schema = riskOverrideSchema.superRefine((v, ctx) => {
  if (v.rating !== 'high') return;
  if (!v.eddNotes) ctx.addIssue({ code: 'custom', path: ['eddNotes'], message: CUSTOMER_TEXT.eddRequired });
  if (!v.reviewOn) ctx.addIssue({ code: 'custom', path: ['reviewOn'], message: CUSTOMER_TEXT.eddRequired });
});
type Values = z.input<typeof schema>;

/** A Compliance Officer's override of the computed rating; a checker approves it (202). */
export function RiskOverrideDialog({
  customer: c,
  open,
  onClose,
}: {
  customer: Customer360;
  open: boolean;
  onClose: () => void;
}) {
  const override = useOverrideRisk();
  const { register, handleSubmit, control, formState } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: (values, ctx, opts) =>
      zodResolver(schema)(
        { ...values, eddNotes: values.eddNotes || undefined, reviewOn: values.reviewOn || undefined },
        ctx,
        opts,
      ),
    defaultValues: { rating: c.risk.rating, reason: '', eddNotes: '', reviewOn: '' },
  });
  const e = formState.errors;
  const high = useWatch({ control, name: 'rating' }) === 'high';
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogTitle>Override the risk rating</DialogTitle>
        <DialogDescription>A checker approves the override before it applies.</DialogDescription>
        <form
          className="grid gap-3"
          onSubmit={handleSubmit((body) =>
            override.mutate(
              { id: c.id, body },
              {
                onSuccess: (r) => {
                  if (r.approvalId) toastSentForApproval(r.approvalId, 'The override');
                  onClose();
                },
                onError: (err) =>
                  toast({ title: 'Refused', description: errorText(err), variant: 'destructive' }),
              },
            ),
          )}
        >
          <Field id="override-rating" label="Rating" error={e.rating?.message}>
            <Select {...register('rating')}>
              {RISK_RATINGS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </Select>
          </Field>
          <FormField id="override-reason" label="Reason" error={e.reason?.message} {...register('reason')} />
          {high ? (
            <>
              <Field id="override-edd" label="Enhanced due diligence notes" error={e.eddNotes?.message}>
                <textarea
                  className="border-input bg-background min-h-20 rounded-md border p-2 text-sm"
                  {...register('eddNotes')}
                />
              </Field>
              <FormDateField
                control={control}
                name="reviewOn"
                id="override-review"
                label="Review date"
                error={e.reviewOn?.message}
              />
            </>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={override.isPending}>
              Send for approval
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

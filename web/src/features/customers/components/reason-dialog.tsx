import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { customerStatusChangeSchema } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/form-field';
import { fieldErrorsFrom, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';

const reasonSchema = customerStatusChangeSchema.pick({ reason: true });

/**
 * Asks why, before a state change the audit trail must explain (3 to 500 characters, as the schema says).
 * `onConfirm` gets the trimmed reason and `refused`, which puts a 400's reason message on the field and
 * says whether it did (else the caller tells the user another way).
 */
export function ReasonDialog({
  open,
  title,
  description,
  busy,
  onCancel,
  onConfirm,
  confirmLabel = 'Confirm',
}: {
  /** A four-eyes action's button says it only asks ("Send for approval"). */
  confirmLabel?: string;
  open: boolean;
  title: string;
  description: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string, refused: (err: unknown) => boolean) => void;
}) {
  const form = useForm({ defaultValues: { reason: '' }, resolver: contractResolver(reasonSchema) });
  const refused = (err: unknown) => setFieldErrors(form.setError, fieldErrorsFrom(err)).length > 0;
  const submit = form.handleSubmit(({ reason }) => onConfirm(reason, refused));
  // The dialog stays mounted between actions: the next one starts with an empty reason.
  const { reset } = form;
  useEffect(() => {
    if (!open) reset();
  }, [open, reset]);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) onCancel();
      }}
    >
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <form onSubmit={(e) => void submit(e)}>
          <Field id="status-reason" label="Reason" error={form.formState.errors.reason?.message}>
            <textarea
              className="border-input bg-background min-h-20 rounded-md border p-2 text-sm"
              maxLength={500}
              {...form.register('reason')}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { useState } from 'react';
import { CUSTOMER_TEXT } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/form-field';

/** Asks why, before a state change the audit trail must explain (3 to 500 characters, as the schema says). */
export function ReasonDialog({
  open,
  title,
  description,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  description: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          setReason('');
          setError(undefined);
          onCancel();
        }
      }}
    >
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim().length < 3) return setError(CUSTOMER_TEXT.reasonRequired);
            onConfirm(reason.trim());
            setReason('');
          }}
        >
          <Field id="status-reason" label="Reason" error={error}>
            <textarea
              className="border-input bg-background min-h-20 rounded-md border p-2 text-sm"
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              Confirm
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

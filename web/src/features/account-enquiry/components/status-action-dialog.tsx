import { useState } from 'react';
import {
  ACCOUNT_ACTION_LABELS,
  ACCOUNT_REFUSAL_TEXT,
  accountNumberProblem,
  normaliseAccountNumber,
  type AccountAction,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldError, FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { useChangeStatus } from '../api/change-status';

/** A 409's refusal code in the bank's words, else the server's message. */
function refusal(err: unknown): string {
  const code = err instanceof ApiError ? (err.body as { details?: { code?: unknown } })?.details?.code : null;
  if (typeof code === 'string' && code in ACCOUNT_REFUSAL_TEXT)
    return ACCOUNT_REFUSAL_TEXT[code as keyof typeof ACCOUNT_REFUSAL_TEXT];
  return err instanceof Error ? err.message : 'Something went wrong';
}

/** Reason (for the audit trail) and, to close, the payout account (check digits verified first) or cash. */
export function StatusActionDialog({
  number,
  action,
  onDone,
  onCancel,
}: {
  number: string;
  action: AccountAction;
  onDone: (text: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [payout, setPayout] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; payout?: string }>({});
  const change = useChangeStatus();
  const label = ACCOUNT_ACTION_LABELS[action];
  return (
    <Dialog open onOpenChange={(o) => (o ? undefined : onCancel())}>
      <DialogContent>
        <DialogTitle>{label}</DialogTitle>
        <DialogDescription>Give the reason; it is kept in the audit trail.</DialogDescription>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            const next = {
              reason: reason.trim() ? undefined : 'Please give a reason',
              // Empty payout: the remainder is paid in cash at the branch.
              payout:
                action === 'close' && payout.trim() ? (accountNumberProblem(payout) ?? undefined) : undefined,
            };
            setErrors(next);
            if (next.reason || next.payout) return;
            change.mutate(
              {
                number,
                action,
                reason: reason.trim(),
                payoutAccount:
                  action === 'close' && payout.trim() ? normaliseAccountNumber(payout) : undefined,
              },
              {
                onSuccess: (r) =>
                  onDone(
                    r.approvalId
                      ? `${label}: sent for approval (request ${r.approvalId}).`
                      : `${label}: done.`,
                  ),
              },
            );
          }}
        >
          <Field id="enquiry-action-reason" label="Reason" error={errors.reason}>
            <textarea
              className="border-input bg-background min-h-20 rounded-md border p-2 text-sm"
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
          {action === 'close' ? (
            <FormField
              id="enquiry-payout-account"
              label="Payout account number"
              description="Leave empty to pay the remainder in cash at the branch"
              inputMode="numeric"
              autoComplete="off"
              value={payout}
              onChange={(e) => setPayout(e.target.value)}
              error={errors.payout}
            />
          ) : null}
          {change.isError ? <FieldError>{refusal(change.error)}</FieldError> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={change.isPending}>
              Confirm
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { useState } from 'react';
import {
  ACCOUNT_ACTION_LABELS,
  ACCOUNT_ACTIONS,
  accountNumberProblem,
  normaliseAccountNumber,
  type AccountAction,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldError, FormField } from '@/components/ui/form-field';
import { useChangeAccountStatus } from '../api/change-account-status';
import { errorText, fieldErrorsFrom } from '../lib/server-errors';

/**
 * Asks why (the audit trail keeps it) before a status action; closing also asks where the remainder
 * goes: another account, checked digit by digit before anything is sent, or cash at the branch.
 */
export function ActionDialog({
  number,
  action,
  onDone,
  onCancel,
}: {
  number: string;
  action: AccountAction;
  onDone: (outcome: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [payout, setPayout] = useState<'cash' | 'account'>('cash');
  const [payoutAccount, setPayoutAccount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useChangeAccountStatus();
  const label = ACCOUNT_ACTION_LABELS[action];
  const fourEyes = ACCOUNT_ACTIONS[action].fourEyes;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (!reason.trim()) problems.reason = 'Please give a reason';
    if (action === 'close' && payout === 'account') {
      const p = accountNumberProblem(payoutAccount);
      if (p) problems.payoutAccount = p;
    }
    setErrors(problems);
    if (Object.keys(problems).length) return;
    change.mutate(
      {
        number,
        action,
        reason: reason.trim(),
        payoutAccount:
          action === 'close' && payout === 'account' ? normaliseAccountNumber(payoutAccount) : undefined,
      },
      {
        onSuccess: (r) =>
          onDone(r.approvalId ? `${label}: sent for approval (request ${r.approvalId}).` : `${label}: done.`),
        onError: (err) => setErrors(fieldErrorsFrom(err)),
      },
    );
  }

  return (
    <Dialog open onOpenChange={(o) => (o ? undefined : onCancel())}>
      <DialogContent>
        <DialogTitle>{label}</DialogTitle>
        <DialogDescription>
          {fourEyes ? 'A second officer approves this in the approvals inbox. ' : ''}Give the reason for the
          audit trail.
        </DialogDescription>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <Field id="action-reason" label="Reason" error={errors.reason}>
            <textarea
              className="border-input bg-background min-h-20 rounded-md border p-2 text-sm"
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
          {action === 'close' ? (
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium">Pay the remainder</legend>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="payout"
                  checked={payout === 'cash'}
                  onChange={() => setPayout('cash')}
                />
                In cash at the branch
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="payout"
                  checked={payout === 'account'}
                  onChange={() => setPayout('account')}
                />
                To another account of the customer
              </label>
              {payout === 'account' ? (
                <FormField
                  id="payout-account"
                  label="Payout account number"
                  inputMode="numeric"
                  autoComplete="off"
                  value={payoutAccount}
                  onChange={(e) => setPayoutAccount(e.target.value)}
                  error={errors.payoutAccount}
                />
              ) : null}
            </fieldset>
          ) : null}
          {change.isError && !Object.keys(fieldErrorsFrom(change.error)).length ? (
            <FieldError>{errorText(change.error)}</FieldError>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Sending…' : 'Confirm'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  ACCOUNT_ACTION_LABELS,
  ACCOUNT_ACTIONS,
  ACCOUNT_REFUSAL_TEXT,
  accountNumberProblem,
  normaliseAccountNumber,
  type AccountAction,
  type AccountStatusRequest,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldError, FormField } from '@/components/ui/form-field';
import { api } from '@/lib/api-client';
import { fieldErrorsFrom, formLevelError, refusalText } from '@/lib/api-errors';

/** POST /api/accounts/:number/status → 200 done, or 202 { approvalId } for the four-eyes actions. */
export async function changeAccountStatus({
  number,
  ...body
}: AccountStatusRequest & { number: string }): Promise<{ approvalId?: string }> {
  const res = await api.post<{ approvalId?: unknown } | undefined>(
    `/accounts/${encodeURIComponent(number)}/status`,
    { body },
  );
  return { approvalId: typeof res?.approvalId === 'string' ? res.approvalId : undefined };
}

/**
 * How closing asks where the remainder goes: `choice` offers cash at the branch or another account
 * (then its number); `optional-number` is one number field, empty meaning cash.
 */
export type PayoutQuestion = 'choice' | 'optional-number';

/**
 * Asks why (the audit trail keeps it) before a status action; closing also asks where the remainder
 * goes: another account, checked digit by digit before anything is sent, or cash at the branch. A
 * 400's details go on their fields, a 409's refusal code is said in the bank's words. `refreshes` is
 * the screen's cached data the change makes stale.
 */
export function StatusActionDialog({
  number,
  action,
  refreshes,
  description,
  payoutQuestion = 'choice',
  onDone,
  onCancel,
}: {
  number: string;
  action: AccountAction;
  refreshes: QueryKey;
  /** Defaults to the reason's purpose, said after the four-eyes notice where the action has one. */
  description?: string;
  payoutQuestion?: PayoutQuestion;
  onDone: (outcome: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const [payout, setPayout] = useState<'cash' | 'account'>('cash');
  const [payoutAccount, setPayoutAccount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useMutation({
    mutationFn: changeAccountStatus,
    onSuccess: () => void qc.invalidateQueries({ queryKey: refreshes }),
  });
  const label = ACCOUNT_ACTION_LABELS[action];
  const fourEyes = ACCOUNT_ACTIONS[action].fourEyes;
  // With one optional field, a typed number is the payout account; an empty one is cash.
  const toAccount =
    action === 'close' && (payoutQuestion === 'choice' ? payout === 'account' : payoutAccount.trim() !== '');

  function submit(e: FormEvent) {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (!reason.trim()) problems.reason = 'Please give a reason';
    if (toAccount) {
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
        payoutAccount: toAccount ? normaliseAccountNumber(payoutAccount) : undefined,
      },
      {
        onSuccess: (r) =>
          onDone(r.approvalId ? `${label}: sent for approval (request ${r.approvalId}).` : `${label}: done.`),
        onError: (err) => setErrors(fieldErrorsFrom(err)),
      },
    );
  }

  const refusal = formLevelError(change.error);
  const payoutField = (extra: { description?: string }) => (
    <FormField
      id={`${id}-payout-account`}
      label="Payout account number"
      inputMode="numeric"
      autoComplete="off"
      value={payoutAccount}
      onChange={(e) => setPayoutAccount(e.target.value)}
      error={errors.payoutAccount}
      {...extra}
    />
  );
  return (
    <Dialog open onOpenChange={(o) => (o ? undefined : onCancel())}>
      <DialogContent>
        <DialogTitle>{label}</DialogTitle>
        <DialogDescription>
          {description ??
            `${fourEyes ? 'A second officer approves this in the approvals inbox. ' : ''}Give the reason for the audit trail.`}
        </DialogDescription>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <Field id={`${id}-reason`} label="Reason" error={errors.reason}>
            <textarea
              className="border-input bg-background min-h-20 rounded-md border p-2 text-sm"
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
          {action === 'close' && payoutQuestion === 'optional-number'
            ? payoutField({ description: 'Leave empty to pay the remainder in cash at the branch' })
            : null}
          {action === 'close' && payoutQuestion === 'choice' ? (
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium">Pay the remainder</legend>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-payout`}
                  checked={payout === 'cash'}
                  onChange={() => setPayout('cash')}
                />
                In cash at the branch
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-payout`}
                  checked={payout === 'account'}
                  onChange={() => setPayout('account')}
                />
                To another account of the customer
              </label>
              {payout === 'account' ? payoutField({}) : null}
            </fieldset>
          ) : null}
          {refusal ? <FieldError>{refusalText(refusal, ACCOUNT_REFUSAL_TEXT)}</FieldError> : null}
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

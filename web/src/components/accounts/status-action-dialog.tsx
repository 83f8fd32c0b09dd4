import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  ACCOUNT_ACTION_LABELS,
  ACCOUNT_ACTIONS,
  ACCOUNT_REFUSAL_TEXT,
  accountStatusRequestSchema,
  type AccountAction,
  type AccountStatusRequest,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldError, FormField } from '@/components/ui/form-field';
import { api } from '@/lib/api-client';
import { fieldErrorsFrom, formLevelError, refusalText, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { toastSentForApproval } from '@/lib/sent-for-approval';
import { askTo, FOUR_EYES_TEXT } from '@bankmanager/contracts/approval-display';

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

interface Values {
  reason: string;
  payout: 'cash' | 'account';
  payoutAccount: string;
}

/** Whether the remainder goes to an account: chosen, or (one optional field) a number typed. */
const paysToAccount = (action: AccountAction, question: PayoutQuestion, v: Values) =>
  action === 'close' && (question === 'choice' ? v.payout === 'account' : v.payoutAccount.trim() !== '');

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
  const change = useMutation({
    mutationFn: changeAccountStatus,
    onSuccess: () => void qc.invalidateQueries({ queryKey: refreshes }),
  });
  const form = useForm<Values, unknown, AccountStatusRequest>({
    defaultValues: { reason: '', payout: 'cash', payoutAccount: '' },
    resolver: contractResolver(accountStatusRequestSchema, (v: Values) => ({
      action,
      reason: v.reason,
      payoutAccount: paysToAccount(action, payoutQuestion, v) ? v.payoutAccount : undefined,
    })),
  });
  const errors = form.formState.errors;
  const payout = useWatch({ control: form.control, name: 'payout' });
  const label = ACCOUNT_ACTION_LABELS[action];
  const fourEyes = ACCOUNT_ACTIONS[action].fourEyes;

  const submit = form.handleSubmit((body) =>
    change.mutate(
      { number, ...body },
      {
        onSuccess: (r) => {
          if (r.approvalId) toastSentForApproval(r.approvalId, label);
          onDone(r.approvalId ? `${label}: sent for approval.` : `${label}: done.`);
        },
        onError: (err) => setFieldErrors(form.setError, fieldErrorsFrom(err)),
      },
    ),
  );

  const refusal = formLevelError(change.error);
  const payoutField = (extra: { description?: string }) => (
    <FormField
      id={`${id}-payout-account`}
      label="Payout account number"
      inputMode="numeric"
      autoComplete="off"
      {...form.register('payoutAccount')}
      error={errors.payoutAccount?.message}
      {...extra}
    />
  );
  return (
    <Dialog open onOpenChange={(o) => (o ? undefined : onCancel())}>
      <DialogContent>
        <DialogTitle>{fourEyes ? askTo(label) : label}</DialogTitle>
        <DialogDescription>
          {description ??
            `${fourEyes ? 'A second officer approves this in the approvals inbox. ' : ''}Give the reason for the audit trail.`}
        </DialogDescription>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <Field id={`${id}-reason`} label="Reason" error={errors.reason?.message}>
            <textarea
              className="border-input bg-background min-h-20 rounded-md border p-2 text-sm"
              maxLength={500}
              {...form.register('reason')}
            />
          </Field>
          {action === 'close' && payoutQuestion === 'optional-number'
            ? payoutField({ description: 'Leave empty to pay the remainder in cash at the branch' })
            : null}
          {action === 'close' && payoutQuestion === 'choice' ? (
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium">Pay the remainder</legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" value="cash" {...form.register('payout')} />
                In cash at the branch
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" value="account" {...form.register('payout')} />
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
              {change.isPending ? 'Sending…' : fourEyes ? FOUR_EYES_TEXT.send : 'Confirm'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

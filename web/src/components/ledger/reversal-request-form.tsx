import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  PAYMENT_REFUSAL_TEXT,
  SENT_FOR_APPROVAL_TEXT,
  type PaymentRefusalCode,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { conflictCode, fieldErrorsFrom } from '@/lib/api-errors';
import { newClientReference } from '@/lib/client-reference';
import { useRequestReversal } from './request-reversal';

/** A refusal in words: the payments text for its code, else the server's message. */
const refusalText = (err: Error) => {
  const code = conflictCode(err);
  return code && code in PAYMENT_REFUSAL_TEXT
    ? PAYMENT_REFUSAL_TEXT[code as PaymentRefusalCode]
    : err.message;
};

/**
 * Asks for the reversal of a journal entry, with a reason: nothing is reversed until a
 * second person approves, so the answer is "sent for approval". One reference per form: a double
 * click asks once.
 */
export function ReversalRequestForm({ entryId }: { entryId: string }) {
  const [reason, setReason] = useState('');
  const [reference] = useState(() => newClientReference('REV'));
  const [error, setError] = useState<string>();
  const ask = useRequestReversal(entryId);
  const id = `reversal-reason-${entryId}`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError('Please give the reason for the reversal');
    setError(undefined);
    ask.mutate({ reason: reason.trim(), reference });
  };

  if (ask.isSuccess)
    return (
      <div role="status" className="grid gap-2 rounded-md border p-3 text-sm" data-testid="reversal-sent">
        <p>{SENT_FOR_APPROVAL_TEXT(ask.data.approvalId)}</p>
        <Link className="underline" to={paths.approvalsInbox}>
          Open the approvals inbox
        </Link>
      </div>
    );
  const serverField = ask.error ? fieldErrorsFrom(ask.error).reason : undefined;
  return (
    <form className="grid gap-3" onSubmit={submit} noValidate>
      <Field id={id} label="Reason for the reversal" error={error ?? serverField}>
        <textarea
          className="border-input bg-background focus-visible:ring-ring min-h-16 rounded-md border px-3 py-2 text-sm focus-visible:ring-2 focus-visible:outline-none"
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      {ask.isError && !serverField ? (
        <p role="alert" className="text-destructive text-sm">
          {refusalText(ask.error)}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="destructive" disabled={ask.isPending}>
          {ask.isPending ? 'Sending...' : `Ask to reverse entry ${entryId}`}
        </Button>
      </div>
    </form>
  );
}

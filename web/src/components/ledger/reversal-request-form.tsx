import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PAYMENT_REFUSAL_TEXT, reversalRequestSchema, type PaymentRefusalCode } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { conflictCode, fieldErrorsFrom, setFieldErrors } from '@/lib/api-errors';
import { newClientReference } from '@/lib/client-reference';
import { contractResolver } from '@/lib/contract-resolver';
import { useRequestReversal } from './request-reversal';
import { RequestSent } from '@/components/approvals/request-sent';

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
  const [reference] = useState(() => newClientReference('REV'));
  const ask = useRequestReversal(entryId);
  const id = `reversal-reason-${entryId}`;
  const form = useForm({
    defaultValues: { reason: '' },
    resolver: contractResolver(reversalRequestSchema, (v: { reason: string }) => ({ ...v, reference })),
  });
  const submit = form.handleSubmit(({ reason }) =>
    ask.mutate(
      { reason, reference },
      { onError: (err) => setFieldErrors(form.setError, fieldErrorsFrom(err)) },
    ),
  );

  if (ask.isSuccess)
    return (
      <div role="status" className="grid gap-2 rounded-md border p-3 text-sm" data-testid="reversal-sent">
        <RequestSent approvalId={ask.data.approvalId} what="The reversal" />
        <Link className="underline" to={paths.approvalsInbox}>
          Open the approvals inbox
        </Link>
      </div>
    );
  // Only the reason is on screen: a refusal that names no reason is said under the form.
  const refusal = ask.error && !fieldErrorsFrom(ask.error).reason ? ask.error : null;
  return (
    <form className="grid gap-3" onSubmit={(e) => void submit(e)} noValidate>
      <Field id={id} label="Reason for the reversal" error={form.formState.errors.reason?.message}>
        <textarea
          className="border-input bg-background focus-visible:ring-ring min-h-16 rounded-md border px-3 py-2 text-sm focus-visible:ring-2 focus-visible:outline-none"
          maxLength={200}
          {...form.register('reason')}
        />
      </Field>
      {refusal ? (
        <p role="alert" className="text-destructive text-sm">
          {refusalText(refusal)}
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

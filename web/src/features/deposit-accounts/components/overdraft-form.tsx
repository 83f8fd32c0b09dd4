import { useState } from 'react';
import { overdraftLimitSchema } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FieldError, FormField } from '@/components/ui/form-field';
import { useSetOverdraftLimit } from '../api/set-overdraft-limit';
import { errorText, fieldErrorsFrom, formLevelError } from '../lib/server-errors';

/** Asks for a new overdraft limit with its expiry; a checker approves it (four-eyes). */
export function OverdraftForm({ number }: { number: string }) {
  const [values, setValues] = useState({ limit: '', expiresOn: '', reason: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const od = useSetOverdraftLimit();
  const set = (k: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = overdraftLimitSchema.safeParse({ ...values, expiresOn: values.expiresOn || undefined });
    const out: Record<string, string> = {};
    if (!parsed.success) for (const i of parsed.error.issues) out[String(i.path[0])] ??= i.message;
    // The contract's rule, checked before sending: a limit above zero expires.
    if (Number(values.limit) > 0 && !values.expiresOn)
      out.expiresOn ??= 'A limit above zero needs an expiry date';
    setErrors(out);
    if (!parsed.success || Object.keys(out).length) return;
    od.mutate({ number, ...parsed.data }, { onError: (err) => setErrors(fieldErrorsFrom(err)) });
  }

  const refusal = formLevelError(od.error);
  return (
    <form onSubmit={submit} noValidate aria-label="Set overdraft limit" className="grid gap-3 sm:grid-cols-3">
      <FormField
        id="od-limit"
        label="New overdraft limit"
        inputMode="decimal"
        value={values.limit}
        onChange={set('limit')}
        error={errors.limit}
      />
      <FormField
        id="od-expires"
        label="Limit expires on"
        type="date"
        value={values.expiresOn}
        onChange={set('expiresOn')}
        error={errors.expiresOn}
      />
      <FormField
        id="od-reason"
        label="Reason"
        value={values.reason}
        onChange={set('reason')}
        error={errors.reason}
      />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
        <Button type="submit" disabled={od.isPending}>
          {od.isPending ? 'Sending…' : 'Request limit'}
        </Button>
        {od.data ? (
          <p role="status">
            Sent for approval{od.data.approvalId ? ` (request ${od.data.approvalId})` : ''}. A checker decides
            it in the approvals inbox.
          </p>
        ) : null}
        {refusal ? <FieldError>{errorText(refusal)}</FieldError> : null}
      </div>
    </form>
  );
}

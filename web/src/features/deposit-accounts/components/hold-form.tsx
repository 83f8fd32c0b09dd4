import { useState } from 'react';
import { holdCreateSchema } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FieldError, FormField } from '@/components/ui/form-field';
import { usePlaceHold } from '../api/holds';
import { errorText, fieldErrorsFrom, formLevelError } from '../lib/server-errors';

/** Places a hold: the amount stops counting towards the available balance until released or expired. */
export function HoldForm({ number }: { number: string }) {
  const [values, setValues] = useState({ amount: '', reason: '', expiresOn: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const place = usePlaceHold();
  const set = (k: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  function submit(e: React.FormEvent) {
    e.preventDefault();
    setDone(false);
    const parsed = holdCreateSchema.safeParse({ ...values, expiresOn: values.expiresOn || undefined });
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const i of parsed.error.issues) out[String(i.path[0])] ??= i.message;
      return setErrors(out);
    }
    setErrors({});
    place.mutate(
      { number, ...parsed.data },
      {
        onSuccess: () => {
          setValues({ amount: '', reason: '', expiresOn: '' });
          setDone(true);
        },
        onError: (err) => setErrors(fieldErrorsFrom(err)),
      },
    );
  }

  const refusal = formLevelError(place.error);
  return (
    <form onSubmit={submit} noValidate aria-label="Place a hold" className="grid gap-3 sm:grid-cols-3">
      <FormField
        id="hold-amount"
        label="Hold amount"
        inputMode="decimal"
        value={values.amount}
        onChange={set('amount')}
        error={errors.amount}
      />
      <FormField
        id="hold-reason"
        label="Hold reason"
        value={values.reason}
        onChange={set('reason')}
        error={errors.reason}
      />
      <FormField
        id="hold-expires"
        label="Hold expires on"
        description="Leave empty to hold until released"
        type="date"
        value={values.expiresOn}
        onChange={set('expiresOn')}
        error={errors.expiresOn}
      />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
        <Button type="submit" disabled={place.isPending}>
          {place.isPending ? 'Placing…' : 'Place hold'}
        </Button>
        {done ? <p role="status">Hold placed.</p> : null}
        {refusal ? <FieldError>{errorText(refusal)}</FieldError> : null}
      </div>
    </form>
  );
}

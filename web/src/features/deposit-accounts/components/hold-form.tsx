import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { holdCreateSchema } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FieldError, FormField } from '@/components/ui/form-field';
import { setFieldErrors } from '@/lib/api-errors';
import { blankAsAbsent, contractResolver } from '@/lib/contract-resolver';
import { usePlaceHold } from '../api/holds';
import { errorText, fieldErrorsFrom, formLevelError } from '../lib/server-errors';
import { FormDateField } from '@/components/form/form-date-field';

const EMPTY = { amount: '', reason: '', expiresOn: '' };

/** Places a hold: the amount stops counting towards the available balance until released or expired. */
export function HoldForm({ number }: { number: string }) {
  const [done, setDone] = useState(false);
  const place = usePlaceHold();
  const form = useForm({
    defaultValues: EMPTY,
    resolver: contractResolver(holdCreateSchema, (v: typeof EMPTY) => blankAsAbsent(v, 'expiresOn')),
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((body) => {
    setDone(false);
    place.mutate(
      { number, ...body },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          setDone(true);
        },
        onError: (err) => setFieldErrors(form.setError, fieldErrorsFrom(err)),
      },
    );
  });

  const refusal = formLevelError(place.error);
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Place a hold"
      className="grid gap-3 sm:grid-cols-3"
    >
      <FormField
        id="hold-amount"
        label="Hold amount"
        inputMode="decimal"
        {...form.register('amount')}
        error={errors.amount?.message}
      />
      <FormField
        id="hold-reason"
        label="Hold reason"
        {...form.register('reason')}
        error={errors.reason?.message}
      />
      <FormDateField
        control={form.control}
        name="expiresOn"
        id="hold-expires"
        label="Hold expires on"
        description="Leave empty to hold until released"
        error={errors.expiresOn?.message}
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

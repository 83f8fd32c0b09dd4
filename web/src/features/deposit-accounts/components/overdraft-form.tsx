import { useForm } from 'react-hook-form';
import { overdraftLimitSchema } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FieldError, FormField } from '@/components/ui/form-field';
import { setFieldErrors } from '@/lib/api-errors';
import { blankAsAbsent, contractResolver } from '@/lib/contract-resolver';
import { useSetOverdraftLimit } from '../api/set-overdraft-limit';
import { errorText, fieldErrorsFrom, formLevelError } from '../lib/server-errors';
import { RequestSent } from '@/components/approvals/request-sent';
import { FOUR_EYES_TEXT } from '@bankmanager/contracts/approval-display';
import { FormDateField } from '@/components/form/form-date-field';

// The server refuses a limit above zero without an expiry; saying so on the field saves the round trip.
const formSchema = overdraftLimitSchema.superRefine((v, ctx) => {
  if (Number(v.limit) > 0 && !v.expiresOn)
    ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: 'A limit above zero needs an expiry date' });
});

const EMPTY = { limit: '', expiresOn: '', reason: '' };

/** Asks for a new overdraft limit with its expiry; a checker approves it (four-eyes). */
export function OverdraftForm({ number }: { number: string }) {
  const od = useSetOverdraftLimit();
  const form = useForm({
    defaultValues: EMPTY,
    resolver: contractResolver(formSchema, (v: typeof EMPTY) => blankAsAbsent(v, 'expiresOn')),
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((body) =>
    od.mutate({ number, ...body }, { onError: (err) => setFieldErrors(form.setError, fieldErrorsFrom(err)) }),
  );

  const refusal = formLevelError(od.error);
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Set overdraft limit"
      className="grid gap-3 sm:grid-cols-3"
    >
      <FormField
        id="od-limit"
        label="New overdraft limit"
        inputMode="decimal"
        {...form.register('limit')}
        error={errors.limit?.message}
      />
      <FormDateField
        control={form.control}
        name="expiresOn"
        id="od-expires"
        label="Limit expires on"
        error={errors.expiresOn?.message}
      />
      <FormField id="od-reason" label="Reason" {...form.register('reason')} error={errors.reason?.message} />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
        <Button type="submit" disabled={od.isPending}>
          {od.isPending ? FOUR_EYES_TEXT.sending : FOUR_EYES_TEXT.askForLimit}
        </Button>
        {od.data?.approvalId ? <RequestSent approvalId={od.data.approvalId} what="The new limit" /> : null}
        {refusal ? <FieldError>{errorText(refusal)}</FieldError> : null}
      </div>
    </form>
  );
}

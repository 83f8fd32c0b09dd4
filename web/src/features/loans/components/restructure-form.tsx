import { Controller, useForm } from 'react-hook-form';
import { loanRestructureSchema, type LoanDetail } from '@bankmanager/contracts';
import { RequestSent } from '@/components/approvals/request-sent';
import { DateField } from '@/components/ui/date-field';
import { Field, FieldError, FormField } from '@/components/ui/form-field';
import { fieldErrorsFrom, formLevelError, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { usePermissions } from '@/lib/permissions';
import { useRestructureLoan } from '../api/loan-grading';
import { RequestActions, TEXTAREA } from './request-form-parts';

interface Values {
  effectiveDate: string;
  rate: string;
  term: string;
  capitaliseArrears: boolean;
  reason: string;
}

/** The form's text as the contract's body: a blank rate or term is "unchanged". */
const toBody = (v: Values) => ({
  effectiveDate: v.effectiveDate,
  ...(v.rate.trim() ? { rate: v.rate.trim() } : {}),
  ...(v.term.trim() ? { term: Number(v.term) } : {}),
  capitaliseArrears: v.capitaliseArrears,
  reason: v.reason,
});

/**
 * Ask for a restructuring or rescheduling: a new rate and/or a new number of instalments from a date
 * (the business date at the earliest). Capitalising overdue principal is offered only to holders of
 * `loans.capitalise`. A second person approves it; the old schedule is kept as history.
 */
export function RestructureForm({ loan: l, onClose }: { loan: LoanDetail; onClose: () => void }) {
  const ask = useRestructureLoan(l.id);
  const capitalises = usePermissions().can('loans.capitalise');
  const form = useForm<Values, unknown, ReturnType<typeof loanRestructureSchema.parse>>({
    defaultValues: { effectiveDate: '', rate: '', term: '', capitaliseArrears: false, reason: '' },
    resolver: contractResolver(loanRestructureSchema, toBody),
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((body) =>
    ask.mutate(body, { onError: (err) => setFieldErrors(form.setError, fieldErrorsFrom(err)) }),
  );
  const refusal = formLevelError(ask.error);
  return (
    <section aria-labelledby="restructure-heading" className="grid gap-3 rounded-lg border p-4">
      <h3 id="restructure-heading" className="text-lg font-semibold">
        Restructure or reschedule
      </h3>
      {ask.isSuccess ? (
        <RequestSent approvalId={ask.data.approvalId} what="The restructuring" />
      ) : (
        <form noValidate aria-label="Restructuring" className="grid gap-3" onSubmit={(e) => void submit(e)}>
          <div className="grid gap-3 sm:grid-cols-3">
            <Controller
              control={form.control}
              name="effectiveDate"
              render={({ field }) => (
                <Field id="restructure-date" label="From" error={errors.effectiveDate?.message}>
                  <DateField
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    label="From"
                  />
                </Field>
              )}
            />
            <FormField
              id="restructure-rate"
              label={`New rate, % a year (now ${Number(l.rate)})`}
              inputMode="decimal"
              autoComplete="off"
              {...form.register('rate')}
              error={errors.rate?.message}
            />
            <FormField
              id="restructure-term"
              label="New number of instalments"
              inputMode="numeric"
              autoComplete="off"
              {...form.register('term')}
              error={errors.term?.message}
            />
          </div>
          {capitalises ? (
            <label className="flex items-center gap-2 text-sm" htmlFor="restructure-capitalise">
              <input
                id="restructure-capitalise"
                type="checkbox"
                className="size-4"
                {...form.register('capitaliseArrears')}
              />
              Capitalise the overdue principal into the new schedule
            </label>
          ) : null}
          <Field id="restructure-reason" label="Reason" error={errors.reason?.message}>
            <textarea className={TEXTAREA} maxLength={500} {...form.register('reason')} />
          </Field>
          {refusal ? <FieldError>{refusal.message}</FieldError> : null}
          <RequestActions label="Ask for the restructuring" pending={ask.isPending} onClose={onClose} />
        </form>
      )}
    </section>
  );
}

import { useForm } from 'react-hook-form';
import {
  LOAN_CLASS_LABELS,
  loanClassSettingsSchema,
  type LoanClassSettings,
  type LoanClassSettingsView,
} from '@bankmanager/contracts';
import { RequestSent } from '@/components/approvals/request-sent';
import { Button } from '@/components/ui/button';
import { Field, FieldError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { fieldErrorsFrom, formLevelError, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { useChangeLoanClasses, useLoanClasses } from '../api/loan-classes';

interface Values {
  buckets: {
    code: LoanClassSettings['buckets'][number]['code'];
    minDpd: string;
    maxDpd: string;
    performing: boolean;
  }[];
  curePayments: string;
}

/** Typed digits as a number; anything else stays text so the contract refuses it on its field. */
const whole = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v) : v);
const toBody = (v: Values) => ({
  buckets: v.buckets.map((b) => ({
    code: b.code,
    minDpd: whole(b.minDpd),
    maxDpd: b.maxDpd.trim() === '' ? null : whole(b.maxDpd),
    performing: b.performing,
  })),
  curePayments: whole(v.curePayments),
});
const toValues = (s: LoanClassSettingsView): Values => ({
  buckets: s.buckets.map((b) => ({
    code: b.code,
    minDpd: String(b.minDpd),
    maxDpd: b.maxDpd === null ? '' : String(b.maxDpd),
    performing: b.performing,
  })),
  curePayments: String(s.curePayments),
});

/**
 * Loan Administration → Loan classes: the days-past-due buckets of each class, which classes are
 * performing, and how many on-time instalments in a row cure a manual grade or a restructuring. A
 * change is checked whole (contiguous, ascending) and waits for a second product manager.
 */
export function LoanClassBuckets() {
  const q = useLoanClasses();
  if (q.isPending) return <p role="status">Loading the loan classes…</p>;
  if (q.isError)
    return (
      <p role="alert" className="text-destructive">
        {q.error.message}
      </p>
    );
  return <BucketsForm current={q.data} />;
}

function BucketsForm({ current }: { current: LoanClassSettingsView }) {
  const change = useChangeLoanClasses();
  const form = useForm<Values, unknown, LoanClassSettings>({
    defaultValues: toValues(current),
    resolver: contractResolver(loanClassSettingsSchema, toBody),
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((body) =>
    change.mutate(body, { onError: (err) => setFieldErrors(form.setError, fieldErrorsFrom(err)) }),
  );
  const refusal = formLevelError(change.error);
  if (change.isSuccess) return <RequestSent approvalId={change.data.approvalId} what="The class buckets" />;
  return (
    <section aria-labelledby="classes-heading" className="space-y-3">
      <h2 id="classes-heading" className="text-xl font-semibold">
        Loan classes
      </h2>
      <p className="text-muted-foreground text-sm">
        Each class holds the days past due from its first to its last day; only the last is open-ended.
      </p>
      {current.pendingApprovalId ? (
        <RequestSent approvalId={current.pendingApprovalId} what="A change to the classes" />
      ) : null}
      <form noValidate aria-label="Loan classes" className="grid gap-4" onSubmit={(e) => void submit(e)}>
        {current.buckets.map((b, i) => (
          <fieldset key={b.code} className="grid gap-3 rounded-md border p-3 sm:grid-cols-3">
            <legend className="px-1 font-medium">{LOAN_CLASS_LABELS[b.code]}</legend>
            <Field id={`class-${b.code}-min`} label="From day" error={errors.buckets?.[i]?.minDpd?.message}>
              <Input inputMode="numeric" autoComplete="off" {...form.register(`buckets.${i}.minDpd`)} />
            </Field>
            <Field
              id={`class-${b.code}-max`}
              label="To day (blank: no end)"
              error={errors.buckets?.[i]?.maxDpd?.message}
            >
              <Input inputMode="numeric" autoComplete="off" {...form.register(`buckets.${i}.maxDpd`)} />
            </Field>
            <div className="grid gap-1">
              <label
                className="flex items-center gap-2 text-sm sm:mt-8"
                htmlFor={`class-${b.code}-performing`}
              >
                <input
                  id={`class-${b.code}-performing`}
                  type="checkbox"
                  className="size-4"
                  {...form.register(`buckets.${i}.performing`)}
                />
                Performing (interest accrues into income)
              </label>
              {errors.buckets?.[i]?.performing?.message ? (
                <FieldError>{errors.buckets?.[i]?.performing?.message}</FieldError>
              ) : null}
            </div>
          </fieldset>
        ))}
        {errors.buckets?.message ? <FieldError>{errors.buckets.message}</FieldError> : null}
        <Field
          id="class-cure"
          label="On-time instalments in a row that cure a manual grade or a restructuring"
          error={errors.curePayments?.message}
        >
          <Input
            inputMode="numeric"
            autoComplete="off"
            className="max-w-32"
            {...form.register('curePayments')}
          />
        </Field>
        {refusal ? <FieldError>{refusal.message}</FieldError> : null}
        <div>
          <Button type="submit" disabled={change.isPending || current.pendingApprovalId !== null}>
            {change.isPending ? 'Sending…' : 'Ask for the change'}
          </Button>
        </div>
      </form>
    </section>
  );
}

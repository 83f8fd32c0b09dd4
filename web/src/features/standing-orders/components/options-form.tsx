import { useForm } from 'react-hook-form';
import { standingOrderOptionsInputSchema, type StandingOrderOptions } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field, FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { fieldErrorsFrom, formLevelError, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { toast } from '@/lib/toast';
import { useSaveOptions } from '../api/options';

interface Values {
  retry_days: string;
  failure_fee_sle: string;
  failure_fee_usd: string;
}

/** The run rules: how long a failed due date is retried, and the failure fee per currency (or none). */
export function OptionsForm({ options: o }: { options: StandingOrderOptions }) {
  const save = useSaveOptions();
  const form = useForm({
    defaultValues: {
      retry_days: String(o.retry_days),
      failure_fee_sle: o.failure_fee_sle ?? '',
      failure_fee_usd: o.failure_fee_usd ?? '',
    },
    // An empty fee is no fee.
    resolver: contractResolver(standingOrderOptionsInputSchema, (v: Values) => ({
      retry_days: Number(v.retry_days),
      failure_fee_sle: v.failure_fee_sle.trim() || null,
      failure_fee_usd: v.failure_fee_usd.trim() || null,
      version: o.version,
    })),
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => toast({ title: 'Run rules saved' }),
      onError: (err) => setFieldErrors(form.setError, fieldErrorsFrom(err)),
    }),
  );
  const refusal = formLevelError(save.error);
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="grid gap-4 rounded-md border p-4"
      aria-labelledby="options-heading"
    >
      <h2 id="options-heading" className="text-lg font-semibold">
        Run rules
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          id="opt-retry"
          label="Retry a failed payment for"
          description="0: a failed payment is missed at once and the order moves on."
          error={errors.retry_days?.message}
        >
          <Select {...form.register('retry_days')}>
            {[0, 1, 2, 3, 4, 5].map((d) => (
              <option key={d} value={d}>{`${d} business ${d === 1 ? 'day' : 'days'}`}</option>
            ))}
          </Select>
        </Field>
        <FormField
          id="opt-fee-sle"
          label="Failure fee, Leone orders (empty: none)"
          inputMode="decimal"
          {...form.register('failure_fee_sle')}
          error={errors.failure_fee_sle?.message}
        />
        <FormField
          id="opt-fee-usd"
          label="Failure fee, dollar orders (empty: none)"
          inputMode="decimal"
          {...form.register('failure_fee_usd')}
          error={errors.failure_fee_usd?.message}
        />
      </div>
      <p className="text-muted-foreground text-sm">
        A fee is charged to the payer when a payment is finally missed, if the account can pay it, to fee
        income (4020).
        {o.updated_by ? ` Last changed by ${o.updated_by}.` : ''}
      </p>
      {refusal ? (
        <p role="alert" className="text-destructive text-sm">
          {refusal.message}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={save.isPending}>
          Save the run rules
        </Button>
      </div>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { standingOrderOptionsInputSchema, type StandingOrderOptions } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field, FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { fieldErrorsFrom, formLevelError, issuesByField } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useSaveOptions } from '../api/options';

/** The run rules: how long a failed due date is retried, and the failure fee per currency (or none). */
export function OptionsForm({ options: o }: { options: StandingOrderOptions }) {
  const [v, setV] = useState({
    retry: String(o.retry_days),
    sle: o.failure_fee_sle ?? '',
    usd: o.failure_fee_usd ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveOptions();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = standingOrderOptionsInputSchema.safeParse({
      retry_days: Number(v.retry),
      failure_fee_sle: v.sle.trim() || null,
      failure_fee_usd: v.usd.trim() || null,
      version: o.version,
    });
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Run rules saved' }),
      onError: (err) => setErrors(fieldErrorsFrom(err)),
    });
  };
  const refusal = formLevelError(save.error);
  return (
    <form
      onSubmit={submit}
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
        >
          <Select value={v.retry} onChange={(e) => setV((x) => ({ ...x, retry: e.target.value }))}>
            {[0, 1, 2, 3, 4, 5].map((d) => (
              <option key={d} value={d}>{`${d} business ${d === 1 ? 'day' : 'days'}`}</option>
            ))}
          </Select>
        </Field>
        <FormField
          id="opt-fee-sle"
          label="Failure fee, Leone orders (empty: none)"
          inputMode="decimal"
          value={v.sle}
          error={errors.failure_fee_sle}
          onChange={(e) => setV((x) => ({ ...x, sle: e.target.value }))}
        />
        <FormField
          id="opt-fee-usd"
          label="Failure fee, dollar orders (empty: none)"
          inputMode="decimal"
          value={v.usd}
          error={errors.failure_fee_usd}
          onChange={(e) => setV((x) => ({ ...x, usd: e.target.value }))}
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

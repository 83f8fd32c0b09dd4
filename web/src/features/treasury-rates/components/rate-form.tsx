import { useState, type FormEvent } from 'react';
import { FOREIGN_CURRENCIES, exchangeRateInputSchema } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field, FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { fieldErrorsFrom, formLevelError, issuesByField } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useSetRate } from '../api/set-rate';

const EMPTY = { buy: '', sell: '', mid: '' };

/** Enters a day's rates (treasury.rates): Leones per 1 unit, buy ≤ mid ≤ sell, checked by the contract. */
export function RateForm({ businessDate }: { businessDate: string }) {
  const [currency, setCurrency] = useState<string>(FOREIGN_CURRENCIES[0]!);
  const [date, setDate] = useState(businessDate);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSetRate();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = exchangeRateInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(
      { currency, date, body: parsed.data },
      {
        onSuccess: (r) => {
          toast({ title: `${r.currency} rates for ${r.business_date} saved` });
          setValues(EMPTY);
        },
        onError: (err) => setErrors(fieldErrorsFrom(err)),
      },
    );
  };
  const field = (name: keyof typeof EMPTY, label: string) => (
    <FormField
      id={`rate-${name}`}
      label={label}
      inputMode="decimal"
      value={values[name]}
      error={errors[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
    />
  );
  const refusal = formLevelError(save.error);
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 rounded-md border p-4"
      aria-labelledby="rate-form-heading"
    >
      <h2 id="rate-form-heading" className="text-lg font-semibold">
        Enter the day’s rates
      </h2>
      <p className="text-muted-foreground text-sm">
        Leones per 1 unit. Transfers into Leones use the buy rate, out of Leones the sell rate.
      </p>
      <div className="grid gap-4 sm:grid-cols-5">
        <Field id="rate-currency" label="Currency">
          <Select value={currency} onChange={(e) => setCurrency(e.target.value)}>
            {FOREIGN_CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </Select>
        </Field>
        <FormField
          id="rate-date"
          label="Business date"
          type="date"
          value={date}
          min={businessDate}
          onChange={(e) => setDate(e.target.value)}
        />
        {field('buy', 'Buy')}
        {field('mid', 'Mid')}
        {field('sell', 'Sell')}
      </div>
      {refusal ? (
        <p role="alert" className="text-destructive text-sm">
          {refusal.message}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save rates'}
        </Button>
      </div>
    </form>
  );
}

import { useForm } from 'react-hook-form';
import { FOREIGN_CURRENCIES, exchangeRateInputSchema } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field, FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { fieldErrorsFrom, formLevelError, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { toast } from '@/lib/toast';
import { useSetRate } from '../api/set-rate';
import { FormDateField } from '@/components/form/form-date-field';

const RATES = { buy: '', sell: '', mid: '' };
type Values = typeof RATES & { currency: string; date: string };

/** Enters a day's rates (treasury.rates): Leones per 1 unit, buy ≤ mid ≤ sell, checked by the contract. */
export function RateForm({ businessDate }: { businessDate: string }) {
  const save = useSetRate();
  // The currency and the date are the route's path; the contract judges the body, the three rates.
  const form = useForm({
    defaultValues: { currency: FOREIGN_CURRENCIES[0]!, date: businessDate, ...RATES } as Values,
    resolver: contractResolver(exchangeRateInputSchema, ({ buy, sell, mid }: Values) => ({ buy, sell, mid })),
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((body) => {
    const { currency, date } = form.getValues();
    save.mutate(
      { currency, date, body },
      {
        onSuccess: (r) => {
          toast({ title: `${r.currency} rates for ${r.business_date} saved` });
          form.reset({ currency, date, ...RATES });
        },
        onError: (err) => setFieldErrors(form.setError, fieldErrorsFrom(err)),
      },
    );
  });
  const field = (name: keyof typeof RATES, label: string) => (
    <FormField
      id={`rate-${name}`}
      label={label}
      inputMode="decimal"
      {...form.register(name)}
      error={errors[name]?.message}
    />
  );
  const refusal = formLevelError(save.error);
  return (
    <form
      onSubmit={(e) => void submit(e)}
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
          <Select {...form.register('currency')}>
            {FOREIGN_CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </Select>
        </Field>
        <FormDateField
          control={form.control}
          name="date"
          id="rate-date"
          label="Business date"
          min={businessDate}
          error={errors.date?.message}
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

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { standingOrderInputSchema } from '@bankmanager/contracts';
import { AccountNumberControl } from '@/components/accounts/account-number-field';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { fieldErrorsFrom, formLevelError, setFieldErrors } from '@/lib/api-errors';
import { newClientReference } from '@/lib/client-reference';
import { contractResolver } from '@/lib/contract-resolver';
import { toast } from '@/lib/toast';
import { createOrder, useOrderChange } from '../api/change-order';
import { FrequencySelect } from './frequency-select';
import { FormDateField } from '@/components/form/form-date-field';

/** Registers a standing order: a transfer that repeats from its first payment date. */
export function RegisterForm({ businessDate }: { businessDate: string }) {
  // Named as the request's fields, so the contract's and the server's messages land on them as they are.
  const empty = {
    from_account: '',
    to_account: '',
    amount: '',
    narration: '',
    frequency: 'monthly',
    start_date: businessDate,
    end_date: '',
  };
  const [reference, setReference] = useState(() => newClientReference('SO'));
  const create = useOrderChange(createOrder);
  const form = useForm({
    defaultValues: empty,
    resolver: contractResolver(standingOrderInputSchema, (v: typeof empty) => ({
      ...v,
      amount: v.amount.trim(),
      end_date: v.end_date || null,
      reference,
    })),
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (o) => {
        toast({ title: `Standing order ${o.id} registered: first payment ${o.next_date}` });
        form.reset(empty);
        setReference(newClientReference('SO'));
      },
      onError: (err) => setFieldErrors(form.setError, fieldErrorsFrom(err)),
    }),
  );
  const refusal = formLevelError(create.error);
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="grid gap-4 rounded-md border p-4"
      aria-labelledby="register-heading"
    >
      <h2 id="register-heading" className="text-lg font-semibold">
        Register a standing order
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <AccountNumberControl control={form.control} name="from_account" id="so-from" label="From account" />
        <AccountNumberControl control={form.control} name="to_account" id="so-to" label="To account" />
        <FormField
          id="so-amount"
          label="Amount"
          inputMode="decimal"
          {...form.register('amount')}
          error={errors.amount?.message}
        />
        <FormField
          id="so-narration"
          label="Narration"
          maxLength={140}
          {...form.register('narration')}
          error={errors.narration?.message}
        />
        <FrequencySelect id="so-frequency" {...form.register('frequency')} />
        <FormDateField
          control={form.control}
          name="start_date"
          id="so-start"
          label="First payment"
          min={businessDate}
          error={errors.start_date?.message}
        />
        <FormDateField
          control={form.control}
          name="end_date"
          id="so-end"
          label="Last payment (optional)"
          error={errors.end_date?.message}
        />
      </div>
      {refusal ? (
        <p role="alert" className="text-destructive text-sm">
          {refusal.message}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Registering...' : 'Register'}
        </Button>
      </div>
    </form>
  );
}

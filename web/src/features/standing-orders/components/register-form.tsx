import { useState, type FormEvent } from 'react';
import { standingOrderInputSchema } from '@bankmanager/contracts';
import { AccountNumberField } from '@/components/accounts/account-number-field';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { fieldErrorsFrom, formLevelError, issuesByField } from '@/lib/api-errors';
import { newClientReference } from '@/lib/client-reference';
import { toast } from '@/lib/toast';
import { createOrder, useOrderChange } from '../api/change-order';
import { FrequencySelect } from './frequency-select';

/** Registers a standing order: a transfer that repeats from its first payment date. */
export function RegisterForm({ businessDate }: { businessDate: string }) {
  const empty = {
    from: '',
    to: '',
    amount: '',
    narration: '',
    frequency: 'monthly',
    start: businessDate,
    end: '',
  };
  const [v, setV] = useState(empty);
  const [touched, setTouched] = useState({ from: false, to: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [reference, setReference] = useState(() => newClientReference('SO'));
  const create = useOrderChange(createOrder);
  const set = (k: keyof typeof empty) => (value: string) => setV((x) => ({ ...x, [k]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = standingOrderInputSchema.safeParse({
      from_account: v.from,
      to_account: v.to,
      amount: v.amount.trim(),
      narration: v.narration,
      frequency: v.frequency,
      start_date: v.start,
      end_date: v.end || null,
      reference,
    });
    if (!parsed.success) {
      setTouched({ from: true, to: true });
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (o) => {
        toast({ title: `Standing order ${o.id} registered: first payment ${o.next_date}` });
        setV(empty);
        setTouched({ from: false, to: false });
        setReference(newClientReference('SO'));
      },
      onError: (err) => setErrors(fieldErrorsFrom(err)),
    });
  };
  const refusal = formLevelError(create.error);
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 rounded-md border p-4"
      aria-labelledby="register-heading"
    >
      <h2 id="register-heading" className="text-lg font-semibold">
        Register a standing order
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <AccountNumberField
          id="so-from"
          label="From account"
          value={v.from}
          onChange={set('from')}
          touched={touched.from}
          onBlur={() => setTouched((t) => ({ ...t, from: true }))}
          error={errors.from_account}
        />
        <AccountNumberField
          id="so-to"
          label="To account"
          value={v.to}
          onChange={set('to')}
          touched={touched.to}
          onBlur={() => setTouched((t) => ({ ...t, to: true }))}
          error={errors.to_account}
        />
        <FormField
          id="so-amount"
          label="Amount"
          inputMode="decimal"
          value={v.amount}
          error={errors.amount}
          onChange={(e) => set('amount')(e.target.value)}
        />
        <FormField
          id="so-narration"
          label="Narration"
          value={v.narration}
          maxLength={140}
          error={errors.narration}
          onChange={(e) => set('narration')(e.target.value)}
        />
        <FrequencySelect id="so-frequency" value={v.frequency} onChange={set('frequency')} />
        <FormField
          id="so-start"
          label="First payment"
          type="date"
          min={businessDate}
          value={v.start}
          error={errors.start_date}
          onChange={(e) => set('start')(e.target.value)}
        />
        <FormField
          id="so-end"
          label="Last payment (optional)"
          type="date"
          value={v.end}
          error={errors.end_date}
          onChange={(e) => set('end')(e.target.value)}
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

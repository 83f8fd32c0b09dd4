import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  INVALID_PHONE_TITLE,
  MOBILE_HINT,
  REGISTERED_USERS_TEXT as T,
  mobilePlaceholder,
  padCustomerId,
  subscriptionUpdateSchema,
  type CustomerLookup,
  type RegisteredUser,
  type SubscriptionUpdate,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field, FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { toast } from '@/lib/toast';
import { useSaveSubscription } from '../api/save-subscription';

type Values = z.input<typeof subscriptionUpdateSchema>;

const valuesFrom = (c: CustomerLookup): Values => ({
  mobile_no: c.subscription?.mobile_no ?? c.mobile_no,
  pay_acct: c.subscription?.pay_acct ?? c.accounts.find((a) => a.status === 'Active')?.account_number ?? '',
  mb_sub: c.subscription?.mb_sub ?? true,
  version: c.subscription?.version ?? 0,
});

interface Props {
  customer: CustomerLookup;
  title: string;
  onCancel: () => void;
  onSaved: (saved: RegisteredUser) => void;
}

/**
 * The subscription of one customer, validated by the contracts' `subscriptionUpdateSchema` (the server
 * checks the same schema). Until the user edits, the fields follow the server's current values (fresh
 * version included); after the first edit they keep what the user loaded, so a concurrent change is a
 * conflict rather than silently overwritten.
 */
export function SubscriptionFields({ customer, title, onCancel, onSaved }: Props) {
  const save = useSaveSubscription();
  const form = useForm<Values, unknown, SubscriptionUpdate>({
    resolver: zodResolver(subscriptionUpdateSchema),
    defaultValues: valuesFrom(customer),
  });
  const { errors, isDirty } = form.formState;
  // A refetch brings a new `customer` object only when the data changed (TanStack's structural sharing).
  useEffect(() => {
    if (!isDirty) form.reset(valuesFrom(customer));
  }, [customer, isDirty, form]);

  const onSubmit = form.handleSubmit(
    (body) =>
      save.mutate(
        { custId: customer.cust_id, body },
        {
          onSuccess: (saved) => {
            toast({ title: T.savedTitle, description: T.saved(saved.cust_name), variant: 'success' });
            onSaved(saved);
            onCancel();
          },
          onError: (err) =>
            toast({ title: 'Error', description: err.message || T.saveFailed, variant: 'destructive' }),
        },
      ),
    // docs/product.md §5: a phone number that breaks a rule is announced as a toast, and marked on its field.
    (invalid) => {
      const phone = invalid.mobile_no?.message;
      if (phone) toast({ title: INVALID_PHONE_TITLE, description: phone, variant: 'destructive' });
    },
  );

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label={title}>
      <div className="grid grid-cols-2 gap-4">
        <FormField id="sub-cust-id" label="Customer ID" value={padCustomerId(customer.cust_id)} readOnly />
        <FormField id="sub-cust-name" label="Name" value={customer.cust_name} readOnly />
      </div>
      <FormField
        id="sub-mobile"
        label="Mobile Number"
        placeholder={mobilePlaceholder()}
        description={MOBILE_HINT}
        error={errors.mobile_no?.message}
        {...form.register('mobile_no')}
      />
      <Field id="sub-pay-acct" label="Payment Account" error={errors.pay_acct?.message}>
        <Select {...form.register('pay_acct')}>
          <option value="">Choose an account</option>
          {customer.accounts.map((a) => (
            <option key={a.account_number} value={a.account_number} disabled={a.status !== 'Active'}>
              {a.account_number} — {a.account_type} ({a.currency})
              {a.status !== 'Active' ? `, ${a.status}` : ''}
            </option>
          ))}
        </Select>
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="accent-primary size-4" {...form.register('mb_sub')} />
        Mobile Banking Subscription
      </label>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Subscription'}
        </Button>
      </div>
    </form>
  );
}

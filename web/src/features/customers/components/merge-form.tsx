import { useController, useForm } from 'react-hook-form';
import { CUSTOMER_TEXT, customerMergeSchema, type CustomerListRow } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FieldError, FormField } from '@/components/ui/form-field';
import { fieldErrorsFrom, formLevelError, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { useMergeCustomers, type CustomerMerge } from '../api/merge-customers';
import { PickedCustomer } from './picked-customer';
import { RequestOutcome } from './sent-for-approval';

// The server refuses merging a customer into itself; the form says so before asking.
const formSchema = customerMergeSchema.refine((m) => m.survivorId !== m.mergedId, {
  path: ['mergedId'],
  message: CUSTOMER_TEXT.mergeSelf,
});
interface Values {
  survivor: CustomerListRow | null;
  merged: CustomerListRow | null;
  reason: string;
}

/** Merges a duplicate into the survivor: accounts and history move; a checker approves it. */
export function MergeForm() {
  const merge = useMergeCustomers();
  const form = useForm<Values, unknown, CustomerMerge>({
    defaultValues: { survivor: null, merged: null, reason: '' },
    resolver: contractResolver(formSchema, (v: Values) => ({
      survivorId: v.survivor?.id,
      mergedId: v.merged?.id,
      reason: v.reason,
    })),
  });
  const survivor = useController({ control: form.control, name: 'survivor' });
  const merged = useController({ control: form.control, name: 'merged' });
  const errors = form.formState.errors as typeof form.formState.errors &
    Partial<Record<'survivorId' | 'mergedId', { message?: string }>>;
  const submit = form.handleSubmit((body) =>
    merge.mutate(body, { onError: (err) => setFieldErrors(form.setError, fieldErrorsFrom(err)) }),
  );
  return (
    <section className="grid gap-3" aria-labelledby="merge-heading">
      <h2 id="merge-heading" className="text-xl font-semibold">
        Merge two customers
      </h2>
      <PickedCustomer label="Survivor" value={survivor.field.value} onChange={survivor.field.onChange} />
      {errors.survivorId ? <FieldError>Choose the surviving customer</FieldError> : null}
      <PickedCustomer
        label="Duplicate to merge"
        value={merged.field.value}
        onChange={merged.field.onChange}
      />
      {errors.mergedId ? (
        <FieldError>
          {errors.mergedId.message === CUSTOMER_TEXT.mergeSelf
            ? errors.mergedId.message
            : 'Choose the customer to merge'}
        </FieldError>
      ) : null}
      <FormField
        id="merge-reason"
        label="Reason"
        {...form.register('reason')}
        error={errors.reason?.message}
      />
      <div>
        <Button onClick={() => void submit()} disabled={merge.isPending}>
          Send the merge for approval
        </Button>
      </div>
      <RequestOutcome
        approvalId={merge.isSuccess ? (merge.data.approvalId ?? '') : null}
        error={formLevelError(merge.error)}
      />
    </section>
  );
}

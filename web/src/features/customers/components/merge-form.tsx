import { useState } from 'react';
import { CUSTOMER_TEXT, customerMergeSchema, type CustomerListRow } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FieldError, FormField } from '@/components/ui/form-field';
import { useMergeCustomers } from '../api/merge-customers';
import { PickedCustomer } from './picked-customer';
import { issuesByField, RequestOutcome } from './sent-for-approval';

/** Merges a duplicate into the survivor: accounts and history move; a checker approves it. */
export function MergeForm() {
  const [survivor, setSurvivor] = useState<CustomerListRow | null>(null);
  const [merged, setMerged] = useState<CustomerListRow | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const merge = useMergeCustomers();
  function submit() {
    const parsed = customerMergeSchema.safeParse({ survivorId: survivor?.id, mergedId: merged?.id, reason });
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
    if (parsed.data.survivorId === parsed.data.mergedId)
      return setErrors({ mergedId: CUSTOMER_TEXT.mergeSelf });
    setErrors({});
    merge.mutate(parsed.data);
  }
  return (
    <section className="grid gap-3" aria-labelledby="merge-heading">
      <h2 id="merge-heading" className="text-xl font-semibold">
        Merge two customers
      </h2>
      <PickedCustomer label="Survivor" value={survivor} onChange={setSurvivor} />
      {errors.survivorId ? <FieldError>Choose the surviving customer</FieldError> : null}
      <PickedCustomer label="Duplicate to merge" value={merged} onChange={setMerged} />
      {errors.mergedId ? (
        <FieldError>
          {errors.mergedId === CUSTOMER_TEXT.mergeSelf ? errors.mergedId : 'Choose the customer to merge'}
        </FieldError>
      ) : null}
      <FormField
        id="merge-reason"
        label="Reason"
        value={reason}
        error={errors.reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <div>
        <Button onClick={submit} disabled={merge.isPending}>
          Send the merge for approval
        </Button>
      </div>
      <RequestOutcome
        approvalId={merge.isSuccess ? (merge.data.approvalId ?? '') : null}
        error={merge.error}
      />
    </section>
  );
}

import { useState } from 'react';
import { customerBranchMoveSchema, type CustomerListRow } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FieldError, FormField } from '@/components/ui/form-field';
import { useMoveBranch } from '../api/move-branch';
import { BranchCodeField } from './branch-input';
import { PickedCustomer } from './picked-customer';
import { issuesByField, RequestOutcome } from './sent-for-approval';

/** Moves a customer to another branch; a checker approves it. */
export function BranchMoveForm() {
  const [customer, setCustomer] = useState<CustomerListRow | null>(null);
  const [branch, setBranch] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const move = useMoveBranch();
  function submit() {
    const parsed = customerBranchMoveSchema.safeParse({ branch, reason });
    const found = parsed.success ? {} : issuesByField(parsed.error.issues);
    if (!customer) found.customer = 'Choose a customer';
    if (Object.keys(found).length || !parsed.success || !customer) return setErrors(found);
    setErrors({});
    move.mutate({ id: customer.id, body: parsed.data });
  }
  return (
    <section className="grid gap-3" aria-labelledby="branch-heading">
      <h2 id="branch-heading" className="text-xl font-semibold">
        Move a customer to another branch
      </h2>
      <PickedCustomer label="Customer to move" value={customer} onChange={setCustomer} />
      {errors.customer ? <FieldError>{errors.customer}</FieldError> : null}
      <BranchCodeField
        id="move-branch"
        label="New branch code"
        value={branch}
        error={errors.branch ? 'Enter the branch code' : undefined}
        onChange={setBranch}
      />
      <FormField
        id="move-reason"
        label="Reason"
        value={reason}
        error={errors.reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <div>
        <Button onClick={submit} disabled={move.isPending}>
          Send the move for approval
        </Button>
      </div>
      <RequestOutcome approvalId={move.isSuccess ? (move.data.approvalId ?? '') : null} error={move.error} />
    </section>
  );
}

import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { customerBranchMoveSchema, type CustomerListRow } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FieldError, FormField } from '@/components/ui/form-field';
import { fieldErrorsFrom, formLevelError, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { useMoveBranch } from '../api/move-branch';
import { BranchCodeField } from './branch-input';
import { PickedCustomer } from './picked-customer';
import { RequestOutcome } from './sent-for-approval';

// The customer is the route's path, not the body; the form asks for one all the same.
const formSchema = customerBranchMoveSchema.extend({
  customer: z.custom<CustomerListRow>((c) => c != null, 'Choose a customer'),
});
interface Values {
  customer: CustomerListRow | null;
  branch: string;
  reason: string;
}

/** Moves a customer to another branch; a checker approves it. */
export function BranchMoveForm() {
  const move = useMoveBranch();
  const form = useForm<Values, unknown, z.output<typeof formSchema>>({
    defaultValues: { customer: null, branch: '', reason: '' },
    resolver: contractResolver(formSchema),
  });
  const customer = useController({ control: form.control, name: 'customer' });
  const branch = useController({ control: form.control, name: 'branch' });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(({ customer: c, ...body }) =>
    move.mutate(
      { id: c.id, body },
      { onError: (err) => setFieldErrors(form.setError, fieldErrorsFrom(err)) },
    ),
  );
  return (
    <section className="grid gap-3" aria-labelledby="branch-heading">
      <h2 id="branch-heading" className="text-xl font-semibold">
        Move a customer to another branch
      </h2>
      <PickedCustomer
        label="Customer to move"
        value={customer.field.value}
        onChange={customer.field.onChange}
      />
      {errors.customer?.message ? <FieldError>{errors.customer.message}</FieldError> : null}
      <BranchCodeField
        id="move-branch"
        label="New branch code"
        value={branch.field.value}
        error={errors.branch ? 'Enter the branch code' : undefined}
        onChange={branch.field.onChange}
      />
      <FormField
        id="move-reason"
        label="Reason"
        {...form.register('reason')}
        error={errors.reason?.message}
      />
      <div>
        <Button onClick={() => void submit()} disabled={move.isPending}>
          Send the move for approval
        </Button>
      </div>
      <RequestOutcome
        approvalId={move.isSuccess ? (move.data.approvalId ?? '') : null}
        error={formLevelError(move.error)}
      />
    </section>
  );
}

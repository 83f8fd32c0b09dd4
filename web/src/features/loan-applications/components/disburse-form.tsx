import { useState } from 'react';
import { LOAN_TEXT_DISBURSE, type LoanApplication } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { fieldErrorsFrom, refusalText } from '@/lib/api-errors';
import { useDisburse } from '../api/loan-applications';
import { DateField } from '@/components/ui/date-field';

const REFUSALS = {
  pending_approval: LOAN_TEXT_DISBURSE.pendingDisbursement,
  wrong_state: 'The application moved on meanwhile; reload it.',
};

/**
 * Asks for an Approved loan's disbursement: a second person with loan approval in the branch pays it
 * out from the approvals inbox. The first due date is optional (one period after disbursement).
 */
export function DisburseForm({ application, onDone }: { application: LoanApplication; onDone: () => void }) {
  const disburse = useDisburse();
  const [firstDueDate, setFirstDueDate] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      aria-label="Ask for the disbursement"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        setFieldError(undefined);
        disburse.mutate(
          { id: application.id, body: firstDueDate ? { firstDueDate } : {} },
          {
            onSuccess: onDone,
            onError: (err) => {
              const f = fieldErrorsFrom(err);
              if (f.firstDueDate) setFieldError(f.firstDueDate);
              else setError(refusalText(err, REFUSALS));
            },
          },
        );
      }}
    >
      <Field
        id="loan-app-first-due"
        label="First due date"
        description="Leave empty for one period after the disbursement date."
        error={fieldError}
      >
        <DateField label="First due date" value={firstDueDate} onChange={setFirstDueDate} />
      </Field>
      <Button type="submit" disabled={disburse.isPending}>
        {disburse.isPending ? 'Asking…' : 'Ask for disbursement'}
      </Button>
      {error ? (
        <p role="alert" className="text-destructive w-full">
          {error}
        </p>
      ) : null}
    </form>
  );
}

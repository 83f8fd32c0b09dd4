import { useState } from 'react';
import {
  LOAN_TEXT_DISBURSE,
  type LoanApplication,
  type LoanDisbursementChannel,
} from '@bankmanager/contracts';
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
 * out from the approvals inbox. The first due date is optional (one period after disbursement). In
 * cash, the approval moves no money: a teller of the branch pays the net amount out of a till.
 */
export function DisburseForm({ application, onDone }: { application: LoanApplication; onDone: () => void }) {
  const disburse = useDisburse();
  const [firstDueDate, setFirstDueDate] = useState('');
  const [channel, setChannel] = useState<LoanDisbursementChannel>('account');
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
          { id: application.id, body: { channel, ...(firstDueDate ? { firstDueDate } : {}) } },
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
      <fieldset className="grid gap-1 text-sm">
        <legend className="font-medium">Pay out</legend>
        {(
          [
            ['account', 'To the repayment account'],
            ['cash', 'In cash at a teller’s till'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2" htmlFor={`loan-app-channel-${value}`}>
            <input
              id={`loan-app-channel-${value}`}
              type="radio"
              name="channel"
              className="size-4"
              checked={channel === value}
              onChange={() => setChannel(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
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

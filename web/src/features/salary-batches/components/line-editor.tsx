import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { salaryLineFixSchema, type SalaryLine, type SalaryLineFix } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { contractResolver } from '@/lib/contract-resolver';

/** A line's fix, in place: the same rules as the file's (check digits, amount, narration length). */
export function LineEditor({
  line,
  pending,
  serverErrors,
  onSave,
  onCancel,
}: {
  line: SalaryLine;
  pending: boolean;
  serverErrors: Record<string, string>;
  onSave: (fix: SalaryLineFix) => void;
  onCancel: () => void;
}) {
  const checkOff = line.loan_account !== null;
  const { register, handleSubmit, formState } = useForm<SalaryLineFix>({
    defaultValues: {
      account_number: line.account_number,
      amount: line.amount,
      narration: line.narration,
      // A check-off line's loan can be corrected, or cleared to pay the salary alone.
      ...(checkOff ? { loan_account: line.loan_account ?? '' } : {}),
    },
    resolver: contractResolver(salaryLineFixSchema),
  });
  const form = useRef<HTMLFormElement>(null);
  // Keyboard users land in the line they chose to fix.
  useEffect(() => form.current?.querySelector('input')?.focus(), []);
  const submit = handleSubmit(onSave);
  const id = (f: string) => `line-${line.line_no}-${f}`;
  // The server's verdict on the line shows until this form finds a problem of its own there.
  const shown = (name: keyof SalaryLineFix) => formState.errors[name]?.message ?? serverErrors[name];
  return (
    <form
      ref={form}
      onSubmit={(e) => void submit(e)}
      noValidate
      className="grid gap-3 sm:grid-cols-[1fr_10rem_1fr_auto] sm:items-start"
    >
      <FormField
        id={id('account')}
        label={`Line ${line.line_no} account number`}
        inputMode="numeric"
        {...register('account_number')}
        error={shown('account_number')}
      />
      <FormField
        id={id('amount')}
        label={`Line ${line.line_no} amount`}
        inputMode="decimal"
        {...register('amount')}
        error={shown('amount')}
      />
      <FormField
        id={id('narration')}
        label={`Line ${line.line_no} narration`}
        {...register('narration')}
        error={shown('narration')}
      />
      {checkOff ? (
        <FormField
          id={id('loan')}
          label={`Line ${line.line_no} loan account (empty: no check-off)`}
          inputMode="numeric"
          {...register('loan_account')}
          error={shown('loan_account')}
        />
      ) : null}
      <div className="flex gap-2 sm:pt-7">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Saving...' : `Save line ${line.line_no}`}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

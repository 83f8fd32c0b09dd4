import type { UseFormReturn } from 'react-hook-form';
import {
  INTEREST_METHOD_LABELS,
  INTEREST_METHODS,
  LOAN_FREQUENCIES,
  LOAN_FREQUENCY_LABELS,
  type LoanSimulationForm,
} from '@bankmanager/contracts';
import { Field, FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { FormDateField } from '@/components/form/form-date-field';

/**
 * The loan's terms. Nothing is submitted: the schedule beside it follows every valid change, so Enter
 * does nothing but keep the keyboard where it is.
 */
export function LoanTermsForm({
  form,
  crossErrors,
  disbursementDate,
}: {
  form: UseFormReturn<LoanSimulationForm>;
  /** Errors only the whole loan can show (a first due date before disbursement). */
  crossErrors: Partial<Record<keyof LoanSimulationForm, string>>;
  disbursementDate: string;
}) {
  const { register, formState } = form;
  const error = (name: keyof LoanSimulationForm) => formState.errors[name]?.message ?? crossErrors[name];
  return (
    <form
      aria-label="Loan terms"
      noValidate
      onSubmit={(e) => e.preventDefault()}
      className="grid grid-cols-1 gap-4 rounded-md border p-4 sm:grid-cols-2 lg:grid-cols-3 print:hidden [&_input]:min-w-0 [&_select]:min-w-0 [&>*]:min-w-0"
    >
      <FormField
        id="loan-amount"
        label="Amount (Le)"
        inputMode="decimal"
        autoComplete="off"
        error={error('amount')}
        {...register('amount')}
      />
      <FormField
        id="loan-term"
        label="Term (number of instalments)"
        inputMode="numeric"
        autoComplete="off"
        error={error('term')}
        {...register('term')}
      />
      <FormField
        id="loan-rate"
        label="Interest rate (% a year)"
        inputMode="decimal"
        autoComplete="off"
        error={error('rate')}
        {...register('rate')}
      />
      <Field id="loan-method" label="Interest method" error={error('method')}>
        <Select className="w-full" {...register('method')}>
          {INTEREST_METHODS.map((m) => (
            <option key={m} value={m}>
              {INTEREST_METHOD_LABELS[m]}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="loan-frequency" label="Repayment frequency" error={error('frequency')}>
        <Select className="w-full" {...register('frequency')}>
          {LOAN_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {LOAN_FREQUENCY_LABELS[f]}
            </option>
          ))}
        </Select>
      </Field>
      <FormDateField
        control={form.control}
        name="firstDueDate"
        id="loan-first-due"
        label="First due date"
        min={disbursementDate}
        description="Empty: one period after disbursement"
        error={error('firstDueDate')}
      />
    </form>
  );
}

import { useFormContext, useWatch } from 'react-hook-form';
import {
  LOAN_ALLOCATION_PARTS,
  LOAN_FEE_KINDS,
  LOAN_FEE_TREATMENTS,
  LOAN_INTEREST_METHODS,
  LOAN_LABELS,
  LOAN_PENALTY_KINDS,
  LOAN_PREPAYMENT_HANDLING,
  LOAN_REPAYMENT_FREQUENCIES,
} from '@bankmanager/contracts';
import { FieldError } from '@/components/ui/form-field';
import { errorAt, optionsOf } from '@/components/form/form-controls';
import { SelectInput, TextInput } from './form-controls';

const grid = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3';
const ORDINALS = ['First', 'Second', 'Third', 'Fourth'] as const;

/** One version's inputs under `terms.`: ranges, interest, grace, fees, penalty, allocation, limits. */
export function LoanTermsFields() {
  const { control, formState } = useFormContext();
  const feeKind = useWatch({ control, name: 'terms.processingFee.kind' }) as string;
  const penaltyKind = useWatch({ control, name: 'terms.penalty.kind' }) as string;
  const allocationError = errorAt(formState.errors, 'terms.allocationOrder');
  return (
    <div className="space-y-4">
      <fieldset className="space-y-3">
        <legend className="font-medium">Interest and repayment</legend>
        <div className={grid}>
          <SelectInput
            name="terms.interestMethod"
            label="Interest method"
            options={optionsOf(LOAN_INTEREST_METHODS, LOAN_LABELS.interestMethod)}
          />
          <SelectInput
            name="terms.repaymentFrequency"
            label="Repayment frequency"
            options={optionsOf(LOAN_REPAYMENT_FREQUENCIES, LOAN_LABELS.frequency)}
          />
          <SelectInput
            name="terms.prepayment"
            label="Prepayment"
            options={optionsOf(LOAN_PREPAYMENT_HANDLING, LOAN_LABELS.prepayment)}
          />
          <TextInput name="terms.rate.min" label="Lowest rate (% a year)" inputMode="decimal" />
          <TextInput name="terms.rate.max" label="Highest rate (% a year)" inputMode="decimal" />
          <TextInput name="terms.rate.default" label="Typical rate (% a year)" inputMode="decimal" />
        </div>
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="font-medium">Amount and term</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput name="terms.amount.min" label="Smallest amount" inputMode="decimal" />
          <TextInput name="terms.amount.max" label="Largest amount" inputMode="decimal" />
          <TextInput name="terms.term.min" label="Shortest term (instalments)" inputMode="numeric" />
          <TextInput name="terms.term.max" label="Longest term (instalments)" inputMode="numeric" />
          <TextInput
            name="terms.grace.maxPrincipalOnly"
            label="Principal-only grace periods allowed"
            inputMode="numeric"
            description="Periods that pay interest only."
          />
          <TextInput
            name="terms.grace.maxFull"
            label="Full grace periods allowed"
            inputMode="numeric"
            description="Periods that pay nothing."
          />
        </div>
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="font-medium">Fees and penalty</legend>
        <div className={grid}>
          <SelectInput
            name="terms.processingFee.kind"
            label="Processing fee"
            options={optionsOf(LOAN_FEE_KINDS, LOAN_LABELS.feeKind)}
          />
          <TextInput
            name="terms.processingFee.value"
            label={feeKind === 'fixed' ? 'Processing fee amount' : 'Processing fee (% of principal)'}
            inputMode="decimal"
          />
          <SelectInput
            name="terms.processingFee.treatment"
            label="Fee taken"
            options={optionsOf(LOAN_FEE_TREATMENTS, LOAN_LABELS.feeTreatment)}
          />
          <SelectInput
            name="terms.penalty.kind"
            label="Late-payment penalty"
            options={optionsOf(LOAN_PENALTY_KINDS, LOAN_LABELS.penaltyKind)}
          />
          <TextInput
            name="terms.penalty.value"
            label={penaltyKind === 'fixed' ? 'Penalty amount' : 'Penalty (% of the overdue instalment)'}
            inputMode="decimal"
          />
          <TextInput
            name="terms.penalty.toleranceDays"
            label="Penalty after (days late)"
            inputMode="numeric"
          />
          <TextInput
            name="terms.insuranceRate"
            label="Insurance (% a year)"
            inputMode="decimal"
            description="Empty: no insurance."
          />
          <TextInput
            name="terms.maxDebtServiceRatio"
            label="Largest debt-service ratio (% of net salary)"
            inputMode="decimal"
            description="Salary loans; empty: no limit."
          />
        </div>
      </fieldset>
      <fieldset
        className="space-y-3"
        aria-describedby={allocationError ? 'loan-product-allocation-error' : undefined}
      >
        <legend className="font-medium">A short repayment pays, in this order</legend>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {ORDINALS.map((ordinal, i) => (
            <SelectInput
              key={ordinal}
              name={`terms.allocationOrder.${i}`}
              label={ordinal}
              options={optionsOf(LOAN_ALLOCATION_PARTS, LOAN_LABELS.allocation)}
            />
          ))}
        </div>
        {allocationError ? (
          <FieldError id="loan-product-allocation-error">{allocationError}</FieldError>
        ) : null}
      </fieldset>
    </div>
  );
}

import { useFieldArray, useFormContext } from 'react-hook-form';
import { INTEREST_POSTING_FREQUENCIES, type DepositProductType } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { errorAt, optionsOf } from '@/components/form/form-controls';
import { SelectInput, TextInput } from './form-controls';
import { FixedDepositFields } from './fixed-deposit-fields';

const grid = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3';

/**
 * One terms version's inputs under `terms.`: balances, credit interest (flat or tiered), fees,
 * dormancy; overdraft interest for current accounts and the fixed-deposit block for fixed deposits only.
 */
export function TermsFields({ type, minDate }: { type: DepositProductType | ''; minDate?: string }) {
  return (
    <div className="space-y-4">
      <div className={grid}>
        <TextInput
          name="terms.effectiveFrom"
          label="Effective from"
          type="date"
          min={minDate}
          description="The business date or later: a version never applies backwards."
        />
        <TextInput name="terms.minOpeningBalance" label="Minimum opening balance" inputMode="decimal" />
        <TextInput name="terms.minOperatingBalance" label="Minimum operating balance" inputMode="decimal" />
      </div>
      <fieldset className="space-y-3">
        <legend className="font-medium">Credit interest (actual/365, accrued daily)</legend>
        <div className={grid}>
          <TextInput
            name="terms.creditRate"
            label="Credit rate (% a year)"
            inputMode="decimal"
            description="Used when there are no tiers."
          />
          <SelectInput
            name="terms.postingFrequency"
            label="Interest posting"
            options={optionsOf(INTEREST_POSTING_FREQUENCIES)}
          />
          {type === 'Current' ? (
            <TextInput
              name="terms.debitRate"
              label="Overdraft (debit) rate (% a year)"
              inputMode="decimal"
              description="Empty: no overdraft interest."
            />
          ) : null}
        </div>
        <TierFields />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="font-medium">Fees and dormancy</legend>
        <div className={grid}>
          <TextInput name="terms.monthlyFee" label="Monthly maintenance fee" inputMode="decimal" />
          <TextInput name="terms.belowMinimumFee" label="Below-minimum balance fee" inputMode="decimal" />
          <TextInput name="terms.closureFee" label="Closure fee" inputMode="decimal" />
          <TextInput name="terms.dormancyDays" label="Dormant after (days)" inputMode="numeric" />
        </div>
      </fieldset>
      {type === 'Fixed Deposit' ? <FixedDepositFields /> : null}
    </div>
  );
}

/** Balance tiers: the rate of the highest tier the balance reaches applies. */
function TierFields() {
  const { control, formState } = useFormContext();
  const tiers = useFieldArray({ control, name: 'terms.creditTiers' });
  const error = errorAt(formState.errors, 'terms.creditTiers');
  return (
    <div className="space-y-2">
      {tiers.fields.map((f, i) => (
        <div key={f.id} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
          <TextInput
            name={`terms.creditTiers.${i}.minBalance`}
            label={`Tier ${i + 1}: from balance`}
            inputMode="decimal"
          />
          <TextInput
            name={`terms.creditTiers.${i}.rate`}
            label={`Tier ${i + 1}: rate (% a year)`}
            inputMode="decimal"
          />
          <Button type="button" variant="outline" onClick={() => tiers.remove(i)}>
            Remove tier {i + 1}
          </Button>
        </div>
      ))}
      {error ? <FieldError>{error}</FieldError> : null}
      <Button
        type="button"
        variant="outline"
        disabled={tiers.fields.length >= 10}
        onClick={() => tiers.append({ minBalance: tiers.fields.length ? '' : '0.00', rate: '' })}
      >
        Add a balance tier
      </Button>
    </div>
  );
}

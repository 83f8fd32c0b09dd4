import { useFieldArray, useFormContext } from 'react-hook-form';
import { ROLLOVER_OPTIONS } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { errorAt, optionsOf } from '@/components/form/form-controls';
import { idOf, TextInput } from './form-controls';

/** Fixed deposits only: tenors with their rates, the rollover choices and the early-withdrawal penalty. */
export function FixedDepositFields() {
  const { control, register, formState } = useFormContext();
  const tenors = useFieldArray({ control, name: 'terms.fixedDeposit.tenors' });
  const tenorsError = errorAt(formState.errors, 'terms.fixedDeposit.tenors');
  const rolloverError = errorAt(formState.errors, 'terms.fixedDeposit.rollover');
  return (
    <fieldset className="space-y-3">
      <legend className="font-medium">Fixed deposit</legend>
      {tenors.fields.map((f, i) => (
        <div key={f.id} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
          <TextInput
            name={`terms.fixedDeposit.tenors.${i}.months`}
            label={`Tenor ${i + 1} (months)`}
            inputMode="numeric"
          />
          <TextInput
            name={`terms.fixedDeposit.tenors.${i}.rate`}
            label={`Tenor ${i + 1}: rate (% a year)`}
            inputMode="decimal"
          />
          <Button type="button" variant="outline" onClick={() => tenors.remove(i)}>
            Remove tenor {i + 1}
          </Button>
        </div>
      ))}
      {tenorsError ? <FieldError>{tenorsError}</FieldError> : null}
      <Button
        type="button"
        variant="outline"
        disabled={tenors.fields.length >= 24}
        onClick={() => tenors.append({ months: '', rate: '' })}
      >
        Add a tenor
      </Button>
      <fieldset
        className="space-y-2"
        aria-describedby={rolloverError ? idOf('terms.fixedDeposit.rollover-error') : undefined}
      >
        <legend className="text-sm font-medium">Rollover at maturity</legend>
        {optionsOf(ROLLOVER_OPTIONS).map(([value, label]) => (
          <div key={value} className="flex items-center gap-2">
            <input
              id={idOf(`terms.fixedDeposit.rollover.${value}`)}
              type="checkbox"
              value={value}
              className="size-4"
              {...register('terms.fixedDeposit.rollover')}
            />
            <label htmlFor={idOf(`terms.fixedDeposit.rollover.${value}`)} className="text-sm">
              {label}
            </label>
          </div>
        ))}
        {rolloverError ? (
          <FieldError id={idOf('terms.fixedDeposit.rollover-error')}>{rolloverError}</FieldError>
        ) : null}
      </fieldset>
      <TextInput
        name="terms.fixedDeposit.earlyWithdrawalPenaltyRate"
        label="Early-withdrawal penalty (% a year)"
        inputMode="decimal"
        className="sm:max-w-xs"
      />
    </fieldset>
  );
}

import { useFieldArray, useFormContext } from 'react-hook-form';
import { COLLATERAL_TYPES, COLLATERAL_TYPE_LIST } from '@bankmanager/contracts';
import { optionsOf } from '@/components/form/form-controls';
import { Button } from '@/components/ui/button';
import type { ApplicationValues } from '../lib/form-values';
import { SelectInput, TextInput } from './form-controls';

const COLLATERAL_OPTIONS = optionsOf(
  COLLATERAL_TYPE_LIST,
  Object.fromEntries(
    COLLATERAL_TYPE_LIST.map((t) => [
      t,
      `${COLLATERAL_TYPES[t].label} (haircut ${COLLATERAL_TYPES[t].haircutPercent}%)`,
    ]),
  ),
);

/** Step 3: guarantors (existing customers) and collateral, each a row that can be added or removed. */
export function PartyFields() {
  const { control } = useFormContext<ApplicationValues>();
  const guarantors = useFieldArray({ control, name: 'guarantors' });
  const collateral = useFieldArray({ control, name: 'collateral' });
  return (
    <div className="space-y-6">
      <fieldset className="space-y-3">
        <legend className="font-semibold">Guarantors</legend>
        {guarantors.fields.map((f, i) => (
          <div key={f.id} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
            <TextInput
              name={`guarantors.${i}.custId`}
              label={`Guarantor ${i + 1}: customer number`}
              inputMode="numeric"
            />
            <TextInput name={`guarantors.${i}.amount`} label="Amount guaranteed (Le)" inputMode="decimal" />
            <Button type="button" variant="outline" onClick={() => guarantors.remove(i)}>
              Remove guarantor {i + 1}
            </Button>
          </div>
        ))}
        <Button type="button" variant="outline" onClick={() => guarantors.append({ custId: '', amount: '' })}>
          Add a guarantor
        </Button>
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="font-semibold">Collateral</legend>
        {collateral.fields.map((f, i) => (
          <div key={f.id} className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-5">
            <SelectInput
              name={`collateral.${i}.type`}
              label={`Collateral ${i + 1}: type`}
              options={COLLATERAL_OPTIONS}
            />
            <TextInput name={`collateral.${i}.description`} label="Description" />
            <TextInput name={`collateral.${i}.marketValue`} label="Market value (Le)" inputMode="decimal" />
            <TextInput
              name={`collateral.${i}.forcedSaleValue`}
              label="Forced-sale value (Le)"
              inputMode="decimal"
            />
            <Button type="button" variant="outline" onClick={() => collateral.remove(i)}>
              Remove collateral {i + 1}
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            collateral.append({ type: 'land_title', description: '', marketValue: '', forcedSaleValue: '' })
          }
        >
          Add collateral
        </Button>
      </fieldset>
    </div>
  );
}

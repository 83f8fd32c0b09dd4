import type { ComponentProps } from 'react';
import { FREQUENCY_LABELS, STANDING_ORDER_FREQUENCIES } from '@bankmanager/contracts';
import { Field } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';

/** The frequency of a standing order; the rest of the props (react-hook-form's register) go to the select. */
export function FrequencySelect({ id, ...props }: { id: string } & ComponentProps<'select'>) {
  return (
    <Field id={id} label="Frequency">
      <Select {...props}>
        {STANDING_ORDER_FREQUENCIES.map((f) => (
          <option key={f} value={f}>
            {FREQUENCY_LABELS[f]}
          </option>
        ))}
      </Select>
    </Field>
  );
}

import { FREQUENCY_LABELS, STANDING_ORDER_FREQUENCIES } from '@bankmanager/contracts';
import { Field } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';

export function FrequencySelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <Field id={id} label="Frequency">
      <Select value={value} onChange={(e) => onChange(e.target.value)}>
        {STANDING_ORDER_FREQUENCIES.map((f) => (
          <option key={f} value={f}>
            {FREQUENCY_LABELS[f]}
          </option>
        ))}
      </Select>
    </Field>
  );
}

import { DISTRICTS } from '@bankmanager/contracts';
import { optionsOf } from '@/components/form/form-controls';
import { SelectInput, TextInput } from './form-controls';

/** The residential or registered address: lines, town and one of the 16 districts. */
export function AddressFields() {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold">Address</legend>
      <TextInput name="address.line1" label="Address line 1" autoComplete="address-line1" />
      <TextInput name="address.line2" label="Address line 2 (optional)" autoComplete="address-line2" />
      <TextInput name="address.town" label="Town" autoComplete="address-level2" />
      <SelectInput name="address.district" label="District" options={optionsOf(DISTRICTS)} />
    </fieldset>
  );
}

import { useFormContext } from 'react-hook-form';
import { SECTOR_CODE_LIST, SECTOR_CODES } from '@bankmanager/contracts';
import { AddressFields } from './address-fields';
import { BranchInput } from './branch-input';
import { TextInput, SelectInput } from './form-controls';

const grid = 'grid gap-4 sm:grid-cols-2';

export function OrganisationStep() {
  return (
    <div className={grid}>
      <div className="sm:col-span-2">
        <TextInput name="registeredName" label="Registered name" autoComplete="organization" />
      </div>
      <TextInput name="registrationNumber" label="Registration number" />
      <TextInput name="tin" label="TIN (National Revenue Authority)" description="9 or 10 digits" />
      <SelectInput
        name="sectorCode"
        label="Sector"
        options={SECTOR_CODE_LIST.map((c) => [c, `${c} — ${SECTOR_CODES[c].label}`] as const)}
      />
      <TextInput name="incorporatedOn" label="Date of incorporation" type="date" />
      <BranchInput />
    </div>
  );
}

/** Contact of an organisation or a joint customer (joint customers have no e-mail in the record). */
export function OrganisationContactStep() {
  const { getValues } = useFormContext();
  const joint = getValues('type') === 'joint';
  return (
    <div className="grid gap-4">
      <div className={grid}>
        <TextInput
          name="mobile"
          label="Mobile"
          type="tel"
          description="As you would dial it: 076 123 456 or +232 76 123 456"
        />
        {joint ? null : <TextInput name="email" label="E-mail (optional)" type="email" />}
      </div>
      <AddressFields />
    </div>
  );
}

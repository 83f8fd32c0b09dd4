import { useFormContext, useWatch } from 'react-hook-form';
import {
  GENDERS,
  INCOME_BAND_LABELS,
  INCOME_BANDS,
  PERSONAL_ID_LABELS,
  PERSONAL_ID_TYPES,
  SOURCES_OF_FUNDS,
  TITLES,
} from '@bankmanager/contracts';
import { AddressFields } from './address-fields';
import { BranchInput } from './branch-input';
import { CustomerPicker } from '@/components/customer/customer-picker';
import { errorAt, optionsOf } from '@/components/form/form-controls';
import { CheckboxInput, SelectInput, TextInput } from './form-controls';

const grid = 'grid gap-4 sm:grid-cols-2';

export function IdentityStep() {
  const {
    setValue,
    formState: { errors },
  } = useFormContext();
  const guardian = useWatch({ name: 'guardianName' }) as string | undefined;
  return (
    <div className={grid}>
      <SelectInput name="title" label="Title" options={optionsOf(TITLES)} />
      <SelectInput name="gender" label="Gender" options={optionsOf(GENDERS)} />
      <TextInput name="firstName" label="First name" autoComplete="given-name" />
      <TextInput name="middleName" label="Middle name (optional)" autoComplete="additional-name" />
      <TextInput name="lastName" label="Last name" autoComplete="family-name" />
      <TextInput name="dateOfBirth" label="Date of birth" type="date" />
      <BranchInput />
      <div className="sm:col-span-2">
        <CustomerPicker
          label={guardian ? `Guardian: ${guardian}` : 'Guardian (only for a customer under 18)'}
          type="private"
          pickLabel="Choose"
          error={errorAt(errors, 'guardianId')}
          onPick={(r) => {
            setValue('guardianId', r.id, { shouldDirty: true });
            setValue('guardianName', r.name);
          }}
        />
      </div>
    </div>
  );
}

export function IdentificationStep() {
  return (
    <div className={grid}>
      <SelectInput name="idType" label="ID type" options={optionsOf(PERSONAL_ID_TYPES, PERSONAL_ID_LABELS)} />
      <TextInput name="idNumber" label="ID number" description="A NIN is 8 letters and digits" />
      <TextInput name="idIssuedOn" label="Issued on" type="date" />
      <TextInput name="idExpiresOn" label="Expires on" type="date" />
    </div>
  );
}

export function IndividualContactStep() {
  return (
    <div className="grid gap-4">
      <div className={grid}>
        <TextInput
          name="mobile"
          label="Mobile"
          type="tel"
          description="As you would dial it: 076 123 456 or +232 76 123 456"
          autoComplete="tel"
        />
        <TextInput name="email" label="E-mail (optional)" type="email" autoComplete="email" />
      </div>
      <AddressFields />
    </div>
  );
}

export function ProfileStep() {
  return (
    <div className={grid}>
      <TextInput name="occupation" label="Occupation" />
      <TextInput name="employer" label="Employer (optional)" />
      <SelectInput
        name="incomeBand"
        label="Monthly income"
        options={optionsOf(INCOME_BANDS, INCOME_BAND_LABELS)}
      />
      <SelectInput name="sourceOfFunds" label="Source of funds" options={optionsOf(SOURCES_OF_FUNDS)} />
      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold">Next of kin</legend>
        <TextInput name="nextOfKin.name" label="Next of kin name" />
        <TextInput name="nextOfKin.relationship" label="Relationship" />
        <TextInput name="nextOfKin.mobile" label="Next of kin mobile" type="tel" />
      </fieldset>
      <CheckboxInput name="pep" label="Politically exposed person (PEP)" />
    </div>
  );
}

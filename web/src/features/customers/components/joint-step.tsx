import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { BranchInput } from './branch-input';
import { CustomerPicker } from '@/components/customer/customer-picker';
import { errorAt } from '@/components/form/form-controls';
import { SelectInput, TextInput } from './form-controls';
import { usePickedNames } from './picked-names';

/** Two or more private customers on file, the account title and the operating mandate. */
export function JointHoldersStep() {
  const {
    setValue,
    formState: { errors },
  } = useFormContext();
  const { remember, nameOf } = usePickedNames();
  const holders = (useWatch({ name: 'holders' }) ?? []) as number[];
  const update = (next: number[]) => setValue('holders', next, { shouldDirty: true, shouldValidate: true });
  return (
    <div className="grid gap-4">
      <TextInput name="jointName" label="Joint name" description='e.g. "Fatmata and Mohamed Kamara"' />
      <CustomerPicker
        label="Find a holder"
        type="private"
        error={errorAt(errors, 'holders')}
        onPick={(r) => {
          remember(r.id, r.name);
          if (!holders.includes(r.id)) update([...holders, r.id]);
        }}
      />
      <ul className="grid gap-2" aria-label="Joint holders">
        {holders.map((id) => (
          <li key={id} className="flex flex-wrap items-center gap-2 rounded border p-2">
            <span className="flex-1">{nameOf(id)}</span>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => update(holders.filter((h) => h !== id))}
            >
              Remove {nameOf(id)}
            </Button>
          </li>
        ))}
      </ul>
      <SelectInput
        name="mandate"
        label="Operating mandate"
        options={[
          ['either_or_survivor', 'Either or survivor'],
          ['all_to_sign', 'All to sign'],
        ]}
      />
      <BranchInput />
    </div>
  );
}

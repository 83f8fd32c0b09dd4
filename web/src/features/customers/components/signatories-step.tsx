import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { CustomerPicker } from '@/components/customer/customer-picker';
import { errorAt } from '@/components/form/form-controls';
import { SelectInput } from './form-controls';
import { usePickedNames } from './picked-names';
import { CombinationsField } from './combinations-field';

interface Signatory {
  customerId: number;
  role: 'director' | 'signatory';
}

/** Directors and authorised signatories (existing private customers) and the signing mandate. */
export function SignatoriesStep() {
  const {
    setValue,
    formState: { errors },
  } = useFormContext();
  const { remember, nameOf } = usePickedNames();
  const list = (useWatch({ name: 'signatories' }) ?? []) as Signatory[];
  const mandate = useWatch({ name: 'mandate' }) as string;
  const update = (next: Signatory[]) =>
    setValue('signatories', next, { shouldDirty: true, shouldValidate: true });
  return (
    <div className="grid gap-4">
      <CustomerPicker
        label="Find a director or signatory"
        type="private"
        error={errorAt(errors, 'signatories')}
        onPick={(r) => {
          remember(r.id, r.name);
          if (!list.some((s) => s.customerId === r.id))
            update([...list, { customerId: r.id, role: 'signatory' }]);
        }}
      />
      <ul className="grid gap-2" aria-label="Directors and signatories">
        {list.map((s, i) => (
          <li key={s.customerId} className="flex flex-wrap items-center gap-2 rounded border p-2">
            <span className="flex-1">{nameOf(s.customerId)}</span>
            <Select
              aria-label={`Role of ${nameOf(s.customerId)}`}
              value={s.role}
              onChange={(e) =>
                update(
                  list.map((x, j) => (j === i ? { ...x, role: e.target.value as Signatory['role'] } : x)),
                )
              }
            >
              <option value="signatory">Authorised signatory</option>
              <option value="director">Director</option>
            </Select>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => update(list.filter((_, j) => j !== i))}
            >
              Remove {nameOf(s.customerId)}
            </Button>
          </li>
        ))}
      </ul>
      <SelectInput
        name="mandate"
        label="Signing mandate"
        options={[
          ['any_one', 'Any one to sign'],
          ['any_two', 'Any two to sign'],
          ['combination', 'Named combinations'],
        ]}
      />
      {mandate === 'combination' ? <CombinationsField ids={list.map((s) => s.customerId)} /> : null}
      {errorAt(errors, 'combinations') ? <FieldError>{errorAt(errors, 'combinations')}</FieldError> : null}
    </div>
  );
}

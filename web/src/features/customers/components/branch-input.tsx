import { useFormContext } from 'react-hook-form';
import { BRANCHES } from '@bankmanager/contracts';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorAt } from '@/components/form/form-controls';

/** Suggestions for a branch code input. */
export function BranchCodes({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {BRANCHES.map((b) => (
        <option key={b.code} value={b.code}>
          {b.name}
        </option>
      ))}
    </datalist>
  );
}

/** A controlled branch code input with suggestions (filters, reports, branch moves). */
export function BranchCodeField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (code: string) => void;
  error?: string;
}) {
  return (
    <>
      <Field id={id} label={label} error={error}>
        <Input
          list={`${id}-codes`}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value.trim())}
        />
      </Field>
      <BranchCodes id={`${id}-codes`} />
    </>
  );
}

/**
 * The customer's home branch code (the maker's own branch by default), typed with the contracts'
 * branches as suggestions: tellers know their codes and type faster than they scroll 16 names. The
 * server checks the code exists (400).
 */
export function BranchInput() {
  const {
    register,
    formState: { errors },
  } = useFormContext();
  return (
    <>
      <Field
        id="customer-branch"
        label="Branch code"
        description="e.g. 001"
        error={errorAt(errors, 'branch')}
      >
        <Input list="customer-branch-codes" autoComplete="off" {...register('branch')} />
      </Field>
      <BranchCodes id="customer-branch-codes" />
    </>
  );
}

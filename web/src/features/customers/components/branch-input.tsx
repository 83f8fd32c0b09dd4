import { BRANCHES } from '@bankmanager/contracts';
import { SelectInput } from './form-controls';

/** The customer's home branch (the maker's own branch by default). */
export function BranchInput() {
  return (
    <SelectInput name="branch" label="Branch" options={BRANCHES.map((b) => [b.code, b.name] as const)} />
  );
}

import { useFormContext, useWatch } from 'react-hook-form';

/**
 * Names of the customers picked as signatories or holders, kept in the form values under `names`
 * (not part of the record: the schema drops it) so the draft restores them too.
 */
export function usePickedNames() {
  const { setValue, getValues } = useFormContext();
  const names = (useWatch({ name: 'names' }) ?? {}) as Record<string, string>;
  const remember = (id: number, name: string) =>
    setValue('names', { ...(getValues('names') as Record<string, string>), [id]: name });
  const nameOf = (id: number) => names[id] ?? `Customer ${String(id).padStart(6, '0')}`;
  return { remember, nameOf };
}

import type { ReactNode } from 'react';
import { useFormContext, type FieldErrors } from 'react-hook-form';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { OptionList } from './option-list';

/** The message react-hook-form holds for a nested name (`address.district`), if any. */
export function errorAt(errors: FieldErrors, name: string): string | undefined {
  let node: unknown = errors;
  for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  // An array's own rule (at least one signatory) sits on the array, or under `root` for field arrays.
  const n = node as { message?: unknown; root?: { message?: unknown } } | undefined;
  const message = n?.message ?? n?.root?.message;
  return typeof message === 'string' ? message : undefined;
}

const idOf = (name: string) => `customer-${name.replaceAll('.', '-')}`;

/** A registered text, date or e-mail input with its label and error (aria wiring is the Field's). */
export function TextInput({
  name,
  label,
  type = 'text',
  description,
  autoComplete,
}: {
  name: string;
  label: string;
  type?: 'text' | 'date' | 'email' | 'tel';
  description?: ReactNode;
  autoComplete?: string;
}) {
  const {
    register,
    formState: { errors },
  } = useFormContext();
  return (
    <Field id={idOf(name)} label={label} description={description} error={errorAt(errors, name)}>
      <Input type={type} autoComplete={autoComplete ?? 'off'} {...register(name)} />
    </Field>
  );
}

/** A registered native select; `options` are [value, label] pairs. */
export function SelectInput({
  name,
  label,
  options,
}: {
  name: string;
  label: string;
  options: readonly (readonly [string, string])[];
}) {
  const {
    register,
    formState: { errors },
  } = useFormContext();
  return (
    <Field id={idOf(name)} label={label} error={errorAt(errors, name)}>
      <Select {...register(name)}>
        <option value="">Choose…</option>
        <OptionList options={options} />
      </Select>
    </Field>
  );
}

/** A registered checkbox; its label follows it, as is usual for checkboxes. */
export function CheckboxInput({ name, label }: { name: string; label: string }) {
  const { register } = useFormContext();
  const id = idOf(name);
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" className="size-4" {...register(name)} />
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
    </div>
  );
}

/** [value, label] pairs from a list of values, labels from a map or the value itself. */
export const optionsOf = <V extends string>(values: readonly V[], labels?: Partial<Record<V, string>>) =>
  values.map((v) => [v, labels?.[v] ?? v[0]!.toUpperCase() + v.slice(1).replaceAll('_', ' ')] as const);

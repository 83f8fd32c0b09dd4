import type { ReactNode } from 'react';
import { useFormContext, type FieldErrors } from 'react-hook-form';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';

/** The message react-hook-form holds for a nested name (`terms.creditTiers.0.rate`), if any. */
export function errorAt(errors: FieldErrors, name: string): string | undefined {
  let node: unknown = errors;
  for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  // An array's own rule (tiers rise, tenors differ) sits on the array, or under `root` for field arrays.
  const n = node as { message?: unknown; root?: { message?: unknown } } | undefined;
  const message = n?.message ?? n?.root?.message;
  return typeof message === 'string' ? message : undefined;
}

export const idOf = (name: string) => `product-${name.replaceAll('.', '-')}`;

/** A registered text or date input with its label and error (the Field wires aria). */
export function TextInput({
  name,
  label,
  type = 'text',
  description,
  inputMode,
  min,
  className,
}: {
  name: string;
  label: string;
  type?: 'text' | 'date';
  description?: ReactNode;
  inputMode?: 'decimal' | 'numeric';
  min?: string;
  className?: string;
}) {
  const {
    register,
    formState: { errors },
  } = useFormContext();
  return (
    <Field
      id={idOf(name)}
      label={label}
      description={description}
      error={errorAt(errors, name)}
      className={className}
    >
      <Input type={type} inputMode={inputMode} min={min} autoComplete="off" {...register(name)} />
    </Field>
  );
}

/** A registered native select; `options` are [value, label] pairs, `placeholder` an empty first choice. */
export function SelectInput({
  name,
  label,
  options,
  placeholder,
}: {
  name: string;
  label: string;
  options: readonly (readonly [string, string])[];
  placeholder?: string;
}) {
  const {
    register,
    formState: { errors },
  } = useFormContext();
  return (
    <Field id={idOf(name)} label={label} error={errorAt(errors, name)}>
      <Select {...register(name)}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** [value, label] pairs from plain values: `principal_and_interest` reads "Principal and interest". */
export const optionsOf = (values: readonly string[]) =>
  values.map((v) => [v, v[0]!.toUpperCase() + v.slice(1).replaceAll('_', ' ')] as const);

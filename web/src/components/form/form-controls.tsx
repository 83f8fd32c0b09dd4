import type { ReactNode } from 'react';
import { useFormContext, type FieldErrors } from 'react-hook-form';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { FormDateField } from './form-date-field';

/** The message react-hook-form holds for a nested name (`address.district`, `terms.creditTiers.0.rate`). */
export function errorAt(errors: FieldErrors, name: string): string | undefined {
  let node: unknown = errors;
  for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  // An array's own rule (at least one signatory, tiers rise) sits on the array, or under `root` for
  // field arrays.
  const n = node as { message?: unknown; root?: { message?: unknown } } | undefined;
  const message = n?.message ?? n?.root?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * [value, label] pairs from a list of values: labels from a map, else the value itself
 * (`principal_and_interest` reads "Principal and interest").
 */
export const optionsOf = <V extends string>(values: readonly V[], labels?: Partial<Record<V, string>>) =>
  values.map((v) => [v, labels?.[v] ?? v[0]!.toUpperCase() + v.slice(1).replaceAll('_', ' ')] as const);

/** The <option>s of a native select from [value, label] pairs (after any placeholder option). */
export function OptionList({ options }: { options: readonly (readonly [string, string])[] }) {
  return (
    <>
      {options.map(([v, l]) => (
        <option key={v} value={v}>
          {l}
        </option>
      ))}
    </>
  );
}

/**
 * The react-hook-form controls of one form family. Each family's ids carry its own prefix
 * (`customer-address-district`, `product-terms-minBalance`) so they stay unique and stable for the
 * labels and error messages that point at them; `placeholder` is the family's empty first choice in
 * a select, if it has one.
 */
export function formControls({ idPrefix, placeholder }: { idPrefix: string; placeholder?: string }) {
  const idOf = (name: string) => `${idPrefix}-${name.replaceAll('.', '-')}`;

  /** A registered input with its label and error (aria wiring is the Field's). */
  function TextInput({
    name,
    label,
    type = 'text',
    description,
    autoComplete = 'off',
    inputMode,
    min,
    className,
  }: {
    name: string;
    label: string;
    type?: 'text' | 'date' | 'email' | 'tel';
    description?: ReactNode;
    autoComplete?: string;
    inputMode?: 'decimal' | 'numeric';
    min?: string;
    className?: string;
  }) {
    const {
      register,
      control,
      formState: { errors },
    } = useFormContext();
    // Dates are typed day first whatever the browser's language (ADR 0056); the value stays ISO.
    if (type === 'date')
      return (
        <FormDateField
          control={control}
          name={name}
          id={idOf(name)}
          label={label}
          description={description}
          error={errorAt(errors, name)}
          min={min}
          className={className}
        />
      );
    return (
      <Field
        id={idOf(name)}
        label={label}
        description={description}
        error={errorAt(errors, name)}
        className={className}
      >
        <Input type={type} inputMode={inputMode} min={min} autoComplete={autoComplete} {...register(name)} />
      </Field>
    );
  }

  /** A registered native select; `options` are [value, label] pairs. */
  function SelectInput({
    name,
    label,
    options,
    placeholder: empty = placeholder,
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
          {empty ? <option value="">{empty}</option> : null}
          <OptionList options={options} />
        </Select>
      </Field>
    );
  }

  /** A registered checkbox; its label follows it, as is usual for checkboxes. */
  function CheckboxInput({ name, label }: { name: string; label: string }) {
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

  return { idOf, TextInput, SelectInput, CheckboxInput };
}

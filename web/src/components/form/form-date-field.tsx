import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateField } from '@/components/ui/date-field';
import { Field } from '@/components/ui/form-field';

/**
 * A react-hook-form date with its label and error: typed day first whatever the browser's language
 * (ADR 0056), held as ISO so the form's zod schema is the server's.
 */
export function FormDateField<T extends FieldValues, C = unknown, Out extends FieldValues = T>({
  control,
  name,
  id,
  label,
  description,
  error,
  min,
  max,
  required,
  className,
}: {
  control: Control<T, C, Out>;
  name: FieldPath<T>;
  id: string;
  label: string;
  description?: ReactNode;
  error?: string;
  min?: string;
  max?: string;
  required?: boolean;
  className?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field id={id} label={label} description={description} error={error} className={className}>
          <DateField
            label={label}
            name={field.name}
            min={min}
            max={max}
            required={required}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        </Field>
      )}
    />
  );
}

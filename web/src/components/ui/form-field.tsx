import type { ComponentProps } from 'react';
import { Input } from './input';
import { Label } from './label';

export interface FormFieldProps extends ComponentProps<'input'> {
  id: string;
  label: string;
  error?: string;
}

/** Label + input + error message, wired for screen readers (aria-invalid, aria-describedby). */
export function FormField({ id, label, error, ...props }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

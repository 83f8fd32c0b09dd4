import { Slot } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';
import { Label } from './label';

/*
 * Form fields: a label, the control, an optional description and the error message, wired for screen
 * readers (the control gets aria-invalid and aria-describedby pointing at the description and the error).
 * Forms validate with react-hook-form and the contracts' zod schemas and pass `error` down from there.
 */

export interface FieldProps {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  className?: string;
  /** Exactly one control (input, select…); it receives id, aria-invalid and aria-describedby. */
  children: ReactNode;
}

export const fieldIds = (id: string) => ({ description: `${id}-description`, error: `${id}-error` });

/** Any control with its label, description and error. */
export function Field({ id, label, description, error, className, children }: FieldProps) {
  const ids = fieldIds(id);
  const describedBy = [description ? ids.description : null, error ? ids.error : null].filter(Boolean);
  return (
    <div className={cn('grid min-w-0 gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Slot.Root
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy.length ? describedBy.join(' ') : undefined}
      >
        {children}
      </Slot.Root>
      {description ? <FieldDescription id={ids.description}>{description}</FieldDescription> : null}
      {error ? <FieldError id={ids.error}>{error}</FieldError> : null}
    </div>
  );
}

export function FieldDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-muted-foreground text-xs', className)} {...props} />;
}

/** A validation message: announced when it appears. */
export function FieldError({ className, ...props }: ComponentProps<'p'>) {
  return <p role="alert" className={cn('text-destructive text-sm', className)} {...props} />;
}

export interface FormFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  id: string;
  label: string;
  description?: ReactNode;
  error?: string;
}

/** The common case: a labelled text input. `className` lays out the field (label, input, messages). */
export function FormField({ id, label, description, error, className, ...props }: FormFieldProps) {
  return (
    <Field id={id} label={label} description={description} error={error} className={className}>
      <Input {...props} />
    </Field>
  );
}

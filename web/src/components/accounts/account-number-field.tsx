import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { accountNumberProblem, normaliseAccountNumber } from '@bankmanager/contracts';
import { FormField } from '@/components/ui/form-field';

/** The number when it is complete and its check digits match; null otherwise (nothing is looked up). */
export const checkedNumber = (typed: string): string | null =>
  accountNumberProblem(typed) === null ? normaliseAccountNumber(typed) : null;

/**
 * An account number input that says at once when the check digits do not match (ADR 0019), before
 * any lookup: the message shows as soon as 13 digits are typed, or when the field is left.
 */
export function AccountNumberField({
  id,
  label,
  value,
  onChange,
  touched,
  onBlur,
  error,
  description,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  touched: boolean;
  onBlur: () => void;
  error?: string;
  description?: string;
}) {
  const complete = normaliseAccountNumber(value).length >= 13;
  const problem = (touched || complete) && value ? accountNumberProblem(value) : null;
  return (
    <FormField
      id={id}
      label={label}
      inputMode="numeric"
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      error={problem ?? error}
      description={description}
    />
  );
}

/**
 * The same field in a react-hook-form form, under the request's own name (`from_account`): the
 * contract's and the server's messages show on it, and a submit marks it as left.
 */
export function AccountNumberControl<T extends FieldValues, O>({
  control,
  name,
  id,
  label,
  description,
}: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  id: string;
  label: string;
  description?: string;
}) {
  const { field, fieldState, formState } = useController<T, Path<T>, O>({ control, name });
  return (
    <AccountNumberField
      id={id}
      label={label}
      description={description}
      value={field.value ?? ''}
      onChange={field.onChange}
      touched={fieldState.isTouched || formState.isSubmitted}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

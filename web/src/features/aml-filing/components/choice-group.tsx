import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { FieldError } from '@/components/ui/form-field';

export interface Choice {
  value: string;
  label: string;
  /** A second line under the label (a transaction's description). */
  hint?: string;
}

interface Props<V extends FieldValues> {
  name: Path<V>;
  legend: string;
  register: UseFormRegister<V>;
  choices: Choice[];
  error?: string;
  /** Said instead of the boxes when there is nothing to choose. */
  empty?: string;
}

/**
 * A list of checkboxes that together make one array field of a react-hook-form form (the ticked
 * values), with the group's message announced and tied to the group for screen readers.
 */
export function ChoiceGroup<V extends FieldValues>({
  name,
  legend,
  register,
  choices,
  error,
  empty,
}: Props<V>) {
  const errorId = `str-${name}-error`;
  return (
    <fieldset
      className="grid min-w-0 gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {choices.length === 0 && empty ? <p className="text-muted-foreground text-sm">{empty}</p> : null}
      {choices.map((c, i) => {
        const id = `str-${name}-${i}`;
        return (
          <div key={c.value} className="flex min-w-0 items-start gap-2">
            <input
              id={id}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0"
              value={c.value}
              {...register(name)}
            />
            <label htmlFor={id} className="min-w-0 text-sm break-words">
              {c.label}
              {c.hint ? <span className="text-muted-foreground block text-xs">{c.hint}</span> : null}
            </label>
          </div>
        );
      })}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}

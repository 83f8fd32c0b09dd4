import type { ReactNode } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { countTotal, type CashCount, type Currency, type DenominationCounts } from '@bankmanager/contracts';
import { errorAt } from '@/components/form/form-controls';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { fieldErrorsFrom, setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { useFormKeys } from '../lib/keyboard';
import { AmountField } from './amount-field';
import { addsUp, CountCheck } from './count-check';
import { DenominationGrid } from './denomination-grid';

interface Values {
  total: string;
  denominations: DenominationCounts;
}

/** A 400's details on the count's own fields: the server names them under the request's `count`. */
const countFieldErrors = (err: unknown) =>
  Object.fromEntries(Object.entries(fieldErrorsFrom(err)).map(([k, m]) => [k.replace(/^count\./, ''), m]));

/**
 * A count by denomination with its total, for the vault transfer and the blind close: the total
 * typed, the pieces counted, and whether they agree. `schema` is the count of the request the parent
 * sends (its route's own schema), judged before sending; `onSubmit` gets `refused`, which puts a 400's
 * details on the count's fields and says whether it did. Enter moves on, the last Enter submits, Esc
 * cancels.
 */
export function CountForm({
  id,
  label,
  currency,
  schema,
  submitLabel,
  busy,
  error,
  before,
  onSubmit,
  onCancel,
}: {
  id: string;
  label: string;
  currency: Currency;
  schema: z.ZodType<CashCount>;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  before?: ReactNode;
  onSubmit: (count: CashCount, refused: (err: unknown) => boolean) => void;
  onCancel: () => void;
}) {
  // An empty total is a count of nothing (an empty till).
  const form = useForm<Values, unknown, CashCount>({
    defaultValues: { total: '', denominations: {} },
    resolver: contractResolver(schema, (v: Values) => ({ ...v, total: v.total || '0' })),
  });
  const totalField = useController({ control: form.control, name: 'total' });
  const [total, counts] = useWatch({ control: form.control, name: ['total', 'denominations'] });
  const piecesError = errorAt(form.formState.errors, 'denominations');
  const refused = (err: unknown) => setFieldErrors(form.setError, countFieldErrors(err)).length > 0;
  const submit = form.handleSubmit((count) => {
    if (!busy) onSubmit(count, refused);
  });
  // The count starts at its first field, so the keyboard can go straight on.
  const formRef = useFormKeys(onCancel, true);
  return (
    <form
      ref={formRef}
      aria-label={label}
      noValidate
      className="grid gap-4"
      onSubmit={(e) => void submit(e)}
      onKeyDownCapture={(e) => {
        // Once the pieces come to the total typed, every row left is zero: Enter sends the count
        // rather than stepping through each empty row (an empty till: 0, Enter, sent).
        if (e.key !== 'Enter' || e.shiftKey || !(e.target instanceof HTMLInputElement)) return;
        if (total.trim() === '' || !addsUp(countTotal(currency, counts), total)) return;
        e.preventDefault();
        e.stopPropagation();
        e.currentTarget.requestSubmit();
      }}
    >
      {before}
      <AmountField
        id={`${id}-total`}
        label="Total counted"
        currency={currency}
        value={totalField.field.value}
        onChange={totalField.field.onChange}
        error={totalField.fieldState.error?.message}
      />
      <DenominationGrid
        id={id}
        caption={`${label} by denomination`}
        currency={currency}
        counts={counts}
        onChange={(next) =>
          form.setValue('denominations', next, { shouldValidate: form.formState.isSubmitted })
        }
      />
      <CountCheck currency={currency} counted={countTotal(currency, counts)} total={total || '0'} />
      {piecesError ? <FieldError>{piecesError}</FieldError> : null}
      {error ? <FieldError>{error}</FieldError> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending…' : submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

import { useState, type ReactNode } from 'react';
import { countTotal, type CashCount, type Currency, type DenominationCounts } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { useFormKeys } from '../lib/keyboard';
import { AmountField } from './amount-field';
import { CountCheck } from './count-check';
import { DenominationGrid } from './denomination-grid';

/**
 * A count by denomination with its total, for the vault transfer and the blind close: the total
 * typed, the pieces counted, and whether they agree. Enter moves on, the last Enter submits, Esc
 * cancels.
 */
export function CountForm({
  id,
  label,
  currency,
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
  submitLabel: string;
  busy: boolean;
  error: string | null;
  before?: ReactNode;
  onSubmit: (count: CashCount) => void;
  onCancel: () => void;
}) {
  const [total, setTotal] = useState('');
  const [counts, setCounts] = useState<DenominationCounts>({});
  // The count starts at its first field, so the keyboard can go straight on.
  const formRef = useFormKeys(onCancel, true);
  return (
    <form
      ref={formRef}
      aria-label={label}
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) onSubmit({ denominations: counts, total: total || '0' });
      }}
    >
      {before}
      <AmountField
        id={`${id}-total`}
        label="Total counted"
        currency={currency}
        value={total}
        onChange={setTotal}
      />
      <DenominationGrid
        id={id}
        caption={`${label} by denomination`}
        currency={currency}
        counts={counts}
        onChange={setCounts}
      />
      <CountCheck currency={currency} counted={countTotal(currency, counts)} total={total || '0'} />
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

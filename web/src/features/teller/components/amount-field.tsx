import { useRef, type RefObject } from 'react';
import { amountInWords, type Currency } from '@bankmanager/contracts';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { caretAfter, groupedAmount, plainAmount } from '../lib/amount-input';

/**
 * An amount typed with live thousands separators ("25,000") and said in words under it ("Twenty-five
 * thousand Leones"), so a slipped zero is seen before the cash moves. `value` is the plain decimal.
 */
export function AmountField({
  id,
  label,
  currency,
  value,
  onChange,
  error,
  inputRef,
}: {
  id: string;
  label: string;
  currency: Currency;
  value: string;
  onChange: (plain: string) => void;
  error?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const own = useRef<HTMLInputElement | null>(null);
  const ref = inputRef ?? own;
  const words = value ? amountInWords(value, currency) : '';
  return (
    <Field
      id={id}
      label={label}
      error={error}
      description={<span aria-live="polite">{words || 'The amount in words appears here.'}</span>}
    >
      <Input
        ref={ref}
        inputMode="decimal"
        autoComplete="off"
        className="text-right font-mono text-lg tabular-nums"
        value={groupedAmount(value)}
        onChange={(e) => {
          const el = e.target;
          const before = el.value.slice(0, el.selectionStart ?? el.value.length).replace(/,/g, '').length;
          const plain = plainAmount(el.value);
          onChange(plain);
          // Keep the caret after the same digit once separators move.
          requestAnimationFrame(() => {
            const pos = caretAfter(groupedAmount(plain), before);
            ref.current?.setSelectionRange(pos, pos);
          });
        }}
      />
    </Field>
  );
}

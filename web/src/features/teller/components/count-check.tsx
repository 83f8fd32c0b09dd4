import { formatCurrency, type Currency } from '@bankmanager/contracts';

const cents = (v: string) => {
  const [i = '0', f = ''] = v.split('.');
  return BigInt(i || '0') * 100n + BigInt((f + '00').slice(0, 2));
};

/** Whether the pieces counted come to exactly the total typed. */
export const addsUp = (counted: string, total: string): boolean => cents(counted) === cents(total);

/** Whether the pieces counted add up to the total typed: said at once, before the server refuses it. */
export function CountCheck({
  currency,
  counted,
  total,
}: {
  currency: Currency;
  counted: string;
  total: string;
}) {
  const diff = cents(counted) - cents(total);
  if (diff === 0n)
    return (
      <p className="text-sm" aria-live="polite">
        The notes and coins add up to {formatCurrency(total, currency)}.
      </p>
    );
  const abs = diff < 0n ? -diff : diff;
  const amount = formatCurrency(`${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`, currency);
  return (
    <p className="text-sm font-medium text-amber-800 dark:text-amber-200" aria-live="polite">
      The notes and coins come to {formatCurrency(counted, currency)}: {amount}{' '}
      {diff < 0n ? 'short of' : 'over'} the total.
    </p>
  );
}

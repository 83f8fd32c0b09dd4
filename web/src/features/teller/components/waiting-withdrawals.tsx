import { useMemo } from 'react';
import { formatCurrency, type TellerTransaction } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { useWaitingWithdrawals } from '../api/get-waiting-withdrawals';
import { usePayWithdrawal } from '../api/pay-withdrawal';
import { useShortcuts } from '../lib/keyboard';
import { refusalText } from '../lib/refusal';

/** The withdrawal the counter's A key pays: the oldest approved one (the list is oldest first). */
export const firstPayable = (list: TellerTransaction[] | undefined) =>
  list?.find((t) => t.status === 'approved');

/**
 * Withdrawals over the teller's limit: waiting for a supervisor, or approved and ready to pay. The
 * cash leaves the till only when the teller pays here, by the button or by A (the oldest approved
 * first), while the counter's home has the keyboard.
 */
export function WaitingWithdrawals({ onPaid }: { onPaid: (t: TellerTransaction) => void }) {
  const waiting = useWaitingWithdrawals();
  const pay = usePayWithdrawal();
  const payable = firstPayable(waiting.data);
  const keys = useMemo(
    () => ({
      a: () => {
        // One payment at a time: a second A while the first is on its way does nothing.
        if (payable && !pay.isPending) pay.mutate(payable.id, { onSuccess: onPaid });
      },
    }),
    [payable, pay, onPaid],
  );
  useShortcuts(keys, payable !== undefined);
  if (!waiting.data || waiting.data.length === 0) return null;
  return (
    <section aria-label="Withdrawals awaiting approval" className="grid gap-2 rounded-lg border p-4">
      <h2 className="text-lg font-semibold">Withdrawals over your limit</h2>
      <ul className="grid gap-2">
        {waiting.data.map((t) => (
          <li key={t.id} className="flex flex-wrap items-center gap-3">
            <span className="font-mono tabular-nums">{formatCurrency(t.amount, t.currency)}</span>
            <span>
              {t.accountName} ({t.accountNumber}) to {t.partyName}
            </span>
            {t.status === 'approved' ? (
              <Button
                size="sm"
                disabled={pay.isPending}
                onClick={() => pay.mutate(t.id, { onSuccess: onPaid })}
              >
                Pay {formatCurrency(t.amount, t.currency)}
                {t.id === payable?.id ? ' (A)' : ''}
              </Button>
            ) : (
              <span className="text-muted-foreground text-sm" role="status">
                Waiting for a supervisor’s approval
              </span>
            )}
          </li>
        ))}
      </ul>
      {pay.isError ? <FieldError>{refusalText(pay.error)}</FieldError> : null}
    </section>
  );
}

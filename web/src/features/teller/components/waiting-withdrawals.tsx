import { formatCurrency, type TellerTransaction } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { useWaitingWithdrawals } from '../api/get-waiting-withdrawals';
import { usePayWithdrawal } from '../api/pay-withdrawal';
import { refusalText } from '../lib/refusal';

/**
 * Withdrawals over the teller's limit: waiting for a supervisor, or approved and ready to pay. The
 * cash leaves the till only when the teller pays here.
 */
export function WaitingWithdrawals({ onPaid }: { onPaid: (t: TellerTransaction) => void }) {
  const waiting = useWaitingWithdrawals();
  const pay = usePayWithdrawal();
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

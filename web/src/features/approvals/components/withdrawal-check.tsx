import { formatCurrency } from '@bankmanager/contracts';
import { HolderVerification } from '@/components/customer/holder-verification';
import { useWithdrawalCheck } from '../api/get-withdrawal-check';

/**
 * What the supervisor compares before approving a teller's withdrawal: the holder's photo and
 * specimen signature (when the customer's documents hold them) and the account's available balance.
 */
export function WithdrawalCheck({ transactionId }: { transactionId: string }) {
  const check = useWithdrawalCheck(transactionId);
  if (check.isPending) return <p className="text-xs">Loading the holder…</p>;
  if (check.isError) return <p className="text-xs">Holder unavailable: {check.error.message}</p>;
  const c = check.data;
  return (
    <div className="grid gap-2">
      <p className="text-xs">
        <span className="text-muted-foreground">Available balance </span>
        <span className="font-mono font-semibold tabular-nums" data-testid="withdrawal-available">
          {formatCurrency(c.available, c.currency)}
        </span>
      </p>
      <HolderVerification customerId={c.customerId} />
    </div>
  );
}

import { formatCurrency } from '@bankmanager/contracts';
import { useAccountManage } from '../api/get-account-manage';

/**
 * The rate in force or the accrued interest of one row: the list rows do not carry them, the manage
 * view does (its query is shared with the account panel, so opening the row costs nothing more).
 */
export function InterestFigure({ number, field }: { number: string; field: 'rate' | 'accrued' }) {
  const view = useAccountManage(number);
  if (view.isError) return <span className="text-muted-foreground">Unavailable</span>;
  if (!view.data) return <span className="text-muted-foreground">…</span>;
  return field === 'rate'
    ? `${view.data.rateInForce}%`
    : formatCurrency(view.data.accruedInterest, view.data.currency);
}

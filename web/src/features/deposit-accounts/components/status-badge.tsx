import type { AccountStatus, BlockKind } from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';

// The word always shows (never colour alone); the colours keep AA contrast in both themes.
const STATUS_CLASS: Record<AccountStatus, string> = {
  Submitted: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50',
  Approved: 'border-transparent bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-50',
  Active: 'border-transparent bg-green-700 text-white',
  Dormant: 'border-transparent bg-slate-600 text-white',
  Blocked: 'border-transparent bg-red-700 text-white',
  Closed: 'border-transparent bg-slate-800 text-white',
  Rejected: 'border-transparent bg-slate-800 text-white',
};

export function AccountStatusBadge({
  status,
  blockKind,
}: {
  status: AccountStatus;
  blockKind?: BlockKind | null;
}) {
  const label =
    status === 'Blocked' && blockKind
      ? `Blocked (${blockKind === 'debit' ? 'debits' : 'all postings'})`
      : status;
  return <Badge className={STATUS_CLASS[status]}>{label}</Badge>;
}

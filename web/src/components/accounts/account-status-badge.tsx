import type { AccountStatus, BlockKind } from '@bankmanager/contracts';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

const STATUS_VARIANT: Record<AccountStatus, BadgeVariant> = {
  Submitted: 'warning',
  Approved: 'info',
  Active: 'active',
  Dormant: 'dormant',
  Blocked: 'blocked',
  Closed: 'closed',
  Rejected: 'closed',
};

/** An account's status in words, and for a block what it stops (the teller's and the accounts' screens). */
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
  return <Badge variant={STATUS_VARIANT[status]}>{label}</Badge>;
}

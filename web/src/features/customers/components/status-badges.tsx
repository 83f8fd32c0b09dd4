import type { CustomerStatus, RiskRating } from '@bankmanager/contracts';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

const STATUS_VARIANT: Record<CustomerStatus, BadgeVariant> = {
  Active: 'active',
  Pending: 'warning',
  Blocked: 'blocked',
  Dormant: 'dormant',
  Closed: 'closed',
};

export function StatusBadge({ status }: { status: CustomerStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{status}</Badge>;
}

const RISK_VARIANT: Record<RiskRating, BadgeVariant> = {
  low: 'positive',
  medium: 'warning',
  high: 'blocked',
};

export function RiskBadge({ risk }: { risk: RiskRating }) {
  return <Badge variant={RISK_VARIANT[risk]}>{`${risk[0]!.toUpperCase()}${risk.slice(1)} risk`}</Badge>;
}

export function KycBadge({ complete }: { complete: boolean }) {
  return complete ? (
    <Badge variant="secondary">KYC complete</Badge>
  ) : (
    <Badge variant="warning">KYC incomplete</Badge>
  );
}

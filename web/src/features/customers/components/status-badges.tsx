import type { CustomerStatus, RiskRating } from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';

// Colours pair with words (never colour alone), and keep AA contrast in both themes.
const STATUS_CLASS: Record<CustomerStatus, string> = {
  Active: 'border-transparent bg-green-700 text-white',
  Pending: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50',
  Blocked: 'border-transparent bg-red-700 text-white',
  Dormant: 'border-transparent bg-slate-600 text-white',
  Closed: 'border-transparent bg-slate-800 text-white',
};

export function StatusBadge({ status }: { status: CustomerStatus }) {
  return <Badge className={STATUS_CLASS[status]}>{status}</Badge>;
}

const RISK_CLASS: Record<RiskRating, string> = {
  low: 'border-transparent bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-50',
  medium: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50',
  high: 'border-transparent bg-red-700 text-white',
};

export function RiskBadge({ risk }: { risk: RiskRating }) {
  return <Badge className={RISK_CLASS[risk]}>{`${risk[0]!.toUpperCase()}${risk.slice(1)} risk`}</Badge>;
}

export function KycBadge({ complete }: { complete: boolean }) {
  return complete ? (
    <Badge variant="secondary">KYC complete</Badge>
  ) : (
    <Badge variant="warning">KYC incomplete</Badge>
  );
}

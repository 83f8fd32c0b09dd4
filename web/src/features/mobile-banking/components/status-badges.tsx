import { REGISTERED_USERS_TEXT } from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';

/** docs/product.md §2: Active default, Blocked destructive, Pending secondary, anything else outline. */
const STATUS_VARIANT: Record<string, 'default' | 'destructive' | 'secondary'> = {
  Active: 'default',
  Blocked: 'destructive',
  Pending: 'secondary',
};

export function CustomerStatusBadge({ status }: { status: string }) {
  return <Badge variant={STATUS_VARIANT[status] ?? 'outline'}>{status}</Badge>;
}

export function SubscriptionBadge({ subscribed }: { subscribed: boolean }) {
  return (
    <Badge variant={subscribed ? 'default' : 'outline'}>
      {subscribed ? REGISTERED_USERS_TEXT.subscribed : REGISTERED_USERS_TEXT.notSubscribed}
    </Badge>
  );
}

import type { DashboardEvent } from '@bankmanager/contracts/dashboard';
import { AlertTriangle, ArrowLeftRight, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '../lib/format';

const ICONS = { new_user: UserPlus, transaction: ArrowLeftRight, alert: AlertTriangle } as const;

/**
 * Recent events; pending ones carry 'Needs Approval', and superusers get a Review button (docs/product.md
 * §2).
 */
export function EventsList({ events, isSuperuser }: { events: DashboardEvent[]; isSuperuser: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Events</CardTitle>
      </CardHeader>
      <CardContent>
        {events.length === 0 ? (
          <p className="text-muted-foreground text-sm">No recent events.</p>
        ) : (
          <ul className="divide-y">
            {events.map((ev) => {
              const Icon = ICONS[ev.type];
              const pending = ev.status === 'pending';
              return (
                <li key={ev.id} className="flex items-start gap-3 py-3">
                  <Icon aria-hidden className="text-muted-foreground mt-0.5 size-5 shrink-0" />
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <p className="text-sm font-medium">{ev.title}</p>
                      {pending ? <Badge variant="warning">Needs Approval</Badge> : null}
                    </div>
                    <p className="text-muted-foreground text-sm">{ev.description}</p>
                    <p className="text-muted-foreground text-xs">{formatDate(ev.date)}</p>
                  </div>
                  {pending && isSuperuser ? (
                    <Button asChild size="sm" variant="outline">
                      <Link
                        to={`${paths.securityUsers}?review=${encodeURIComponent(ev.userId ?? ev.id)}`}
                        aria-label={ev.userName ? `Review ${ev.userName}` : `Review: ${ev.title}`}
                      >
                        Review
                      </Link>
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

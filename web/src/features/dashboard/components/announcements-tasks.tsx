import { DASHBOARD_LIMITS, type Announcement, type DashboardTask } from '@bankmanager/contracts/dashboard';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '../lib/format';

const PRIORITY = { high: 'destructive', medium: 'secondary', low: 'outline' } as const;
const PRIORITY_LABEL = { high: 'High priority', medium: 'Medium priority', low: 'Low priority' } as const;

export function Announcements({ items }: { items: Announcement[] }) {
  const shown = items.slice(0, DASHBOARD_LIMITS.announcements);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Announcements</CardTitle>
      </CardHeader>
      <CardContent>
        {shown.length === 0 ? (
          <p className="text-muted-foreground text-sm">No announcements.</p>
        ) : (
          <ul className="divide-y">
            {shown.map((a) => (
              <li key={a.id} className="space-y-1 py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="text-sm font-medium">{a.title}</p>
                  {a.isNew ? <Badge>New</Badge> : null}
                  <Badge variant={PRIORITY[a.priority]}>{PRIORITY_LABEL[a.priority]}</Badge>
                </div>
                <p className="text-muted-foreground text-sm">{a.content}</p>
                <p className="text-muted-foreground text-xs">{formatDate(a.date)}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const STATUS_LABEL = { pending: 'Pending', 'in-progress': 'In progress', completed: 'Completed' } as const;

export function Tasks({ items }: { items: DashboardTask[] }) {
  const shown = items.slice(0, DASHBOARD_LIMITS.tasks);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tasks</CardTitle>
      </CardHeader>
      <CardContent>
        {shown.length === 0 ? (
          <p className="text-muted-foreground text-sm">No tasks.</p>
        ) : (
          <ul className="divide-y">
            {shown.map((t) => (
              <li key={t.id} className="space-y-1 py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="text-sm font-medium">{t.title}</p>
                  <Badge variant={PRIORITY[t.priority]}>{PRIORITY_LABEL[t.priority]}</Badge>
                  <Badge variant="outline">{STATUS_LABEL[t.status]}</Badge>
                </div>
                <p className="text-muted-foreground text-sm">{t.description}</p>
                <p className="text-muted-foreground text-xs">Due {formatDate(t.dueDate)}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

import type { NewsItem } from '@bankmanager/contracts/dashboard';
import { Newspaper } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '../lib/format';

export function NewsList({ news, footer }: { news: NewsItem[]; footer?: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Newspaper aria-hidden className="size-5" /> News
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {news.length === 0 ? (
          <p className="text-muted-foreground text-sm">No news yet.</p>
        ) : (
          <ul className="divide-y">
            {news.map((n) => (
              <li key={n.id} className="py-2">
                <p className="text-sm font-medium">{n.title}</p>
                <p className="text-muted-foreground text-xs">{formatDate(n.date)}</p>
              </li>
            ))}
          </ul>
        )}
        {footer}
      </CardContent>
    </Card>
  );
}

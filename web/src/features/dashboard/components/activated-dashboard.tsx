import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useLiveRefetch } from '@/lib/realtime';
import { useDashboard } from '../api/get-dashboard';
import { byDateDesc } from '../lib/format';
import { Announcements, Tasks } from './announcements-tasks';
import { DashboardGreeting } from './dashboard-greeting';
import { EventsList } from './events-list';
import { NewsList } from './news-list';
import { PendingApprovals } from './pending-approvals';
import { QueryError, QueryLoading } from './query-state';
import { StatCards } from './stat-cards';
import { useDocumentTitle } from '@/hooks/use-document-title';

const NEWS_PREVIEW = 5;

/** The main dashboard for activated users and superusers (docs/product.md §2). */
export function ActivatedDashboard({
  name,
  isSuperuser,
  now,
}: {
  name: string;
  isSuperuser: boolean;
  now?: Date;
}) {
  useDocumentTitle('Dashboard');
  // Live (docs/realtime-protocol.md): new sign-ups, approvals and other recent events show without a reload.
  const poll = useLiveRefetch('dashboard', [{ table: 'dashboard_events' }], [['dashboard']]);
  const { data, error, isPending } = useDashboard(poll);
  const [allNews, setAllNews] = useState(false);
  return (
    // Long unbroken words (e-mails in events) wrap instead of widening a phone screen.
    <main className="mx-auto w-full max-w-7xl space-y-6 p-4 [overflow-wrap:anywhere] sm:p-6">
      <DashboardGreeting name={name} now={now} subtitle="Here is what is happening at the bank today." />
      <PendingApprovals />
      {isPending ? (
        <QueryLoading />
      ) : error ? (
        <QueryError error={error} />
      ) : (
        <>
          {data.stats ? <StatCards stats={data.stats} /> : null}
          <div className="grid gap-6 lg:grid-cols-2">
            <NewsList
              news={byDateDesc(data.news).slice(0, allNews ? undefined : NEWS_PREVIEW)}
              footer={
                data.news.length > NEWS_PREVIEW ? (
                  <Button variant="outline" onClick={() => setAllNews((v) => !v)} aria-expanded={allNews}>
                    {allNews ? 'View Less' : 'View More'}
                  </Button>
                ) : null
              }
            />
            <EventsList events={data.events} isSuperuser={isSuperuser} />
            <Announcements items={data.announcements} />
            <Tasks items={data.tasks} />
          </div>
        </>
      )}
    </main>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { BUILT_REPORTS_TEXT as T } from '@bankmanager/contracts/built-reports';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useInboxLive, useUnreadCount } from '../api/inbox';
import { InboxList } from '../components/inbox-list';
import { MyRuns } from '../components/my-runs';
import { ResultView } from '../components/result-view';
import { RunReportForm } from '../components/run-report-form';

type Tab = 'run' | 'runs' | 'inbox';

/**
 * /reports/built-reports: the catalogue (pick a report, fill its typed parameters, run it in the
 * background to the screen, CSV, XLSX or PDF), the caller's runs, and the report inbox with its badge.
 */
export function BuiltReportsRoute() {
  useDocumentTitle(T.title);
  const [tab, setTab] = useState<Tab>('run');
  const [viewing, setViewing] = useState<string | null>(null);
  const poll = useInboxLive();
  const unread = useUnreadCount(poll).data?.unread ?? 0;
  const view = (id: string) => setViewing(id);
  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-6 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{T.title}</h1>
        <Button asChild variant="outline">
          <Link to={paths.generalLedger}>General Ledger</Link>
        </Button>
      </div>
      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <TabsList>
          <TabsTrigger value="run">Run a report</TabsTrigger>
          <TabsTrigger value="runs">My runs</TabsTrigger>
          <TabsTrigger value="inbox">
            Inbox
            {unread > 0 ? (
              <Badge className="ml-2" aria-label={`${unread} unread`}>
                {unread}
              </Badge>
            ) : null}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="run" className="pt-4">
          <RunReportForm onQueued={() => setTab('runs')} />
        </TabsContent>
        <TabsContent value="runs" className="pt-4">
          <MyRuns onView={view} />
        </TabsContent>
        <TabsContent value="inbox" className="pt-4">
          <InboxList poll={poll} onView={view} />
        </TabsContent>
      </Tabs>
      {viewing ? <ResultView key={viewing} runId={viewing} /> : null}
      <p className="text-muted-foreground text-sm">{T.userSqlOutOfScope}</p>
    </main>
  );
}

import { DASHBOARD_LIMITS } from '@bankmanager/contracts/dashboard';
import { Clock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useDashboard } from '../api/get-dashboard';
import { byDateDesc } from '../lib/format';
import { DashboardGreeting } from './dashboard-greeting';
import { NewsList } from './news-list';
import { QueryError, QueryLoading } from './query-state';

/**
 * The dashboard for a signed-in user awaiting activation (docs/product.md §2): banner and the latest 3 news
 * items.
 */
export function PendingDashboard({ name, now }: { name: string; now?: Date }) {
  useDocumentTitle('Account Pending Activation');
  const { data, error, isPending } = useDashboard();
  return (
    <main className="mx-auto w-full max-w-6xl space-y-6 p-4 [overflow-wrap:anywhere] sm:p-6">
      <DashboardGreeting name={name} now={now} subtitle="Welcome to BankManager." />
      <section
        aria-labelledby="pending-title"
        className="flex gap-4 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      >
        <Clock aria-hidden className="mt-0.5 size-6 shrink-0" />
        <div className="space-y-1">
          <h2 id="pending-title" className="font-semibold">
            Account Pending Activation
          </h2>
          <p className="text-sm">
            Your account is currently awaiting administrator approval. You have limited access to the system
            until your account is activated.
          </p>
        </div>
      </section>
      {isPending ? (
        <QueryLoading />
      ) : error ? (
        <QueryError error={error} />
      ) : (
        <NewsList
          news={byDateDesc(data.news).slice(0, DASHBOARD_LIMITS.pendingNews)}
          footer={
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="outline" disabled aria-describedby="view-more-hint">
                View More
              </Button>
              <p id="view-more-hint" className="text-muted-foreground text-sm">
                Available only after your account is activated.
              </p>
            </div>
          }
        />
      )}
    </main>
  );
}

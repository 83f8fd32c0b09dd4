import { EXECUTIVE_DASHBOARD_TEXT as T } from '@bankmanager/contracts';
import { useBranch } from '@/lib/branch';
import { usePermissions } from '@/lib/permissions';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useExecutiveDashboard } from '../api/get-executive-dashboard';
import { DashboardView } from '../components/dashboard-view';

/**
 * Enquiries → Executive Dashboard: the bank's headline figures for management. A user who sees every
 * branch gets the whole bank, or the branch chosen in the header; anyone else their own branch (the
 * server decides; the screen only says which).
 */
export function ExecutiveDashboardRoute() {
  useDocumentTitle(T.title);
  const { can } = usePermissions();
  const selected = useBranch().branch;
  const branch = can('branches.all') ? selected : null;
  const q = useExecutiveDashboard(branch);
  const d = q.data;
  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-6 p-4 sm:p-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">{T.title}</h1>
        {d ? (
          <p className="text-muted-foreground text-sm">
            {`${d.branch === null ? 'Whole bank, all branches' : `Branch ${d.branch}`}; business date ${d.businessDate}` +
              (d.aggregatedThrough
                ? `; figures from end of day ${d.aggregatedThrough} plus everything posted since.`
                : '.')}
          </p>
        ) : null}
      </div>
      {q.isPending ? (
        <p>Loading the figures...</p>
      ) : q.isError ? (
        <p role="alert" className="text-destructive">
          {q.error.message}
        </p>
      ) : d ? (
        <DashboardView data={d} />
      ) : null}
    </main>
  );
}

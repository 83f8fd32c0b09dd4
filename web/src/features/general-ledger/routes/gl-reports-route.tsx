import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { StatementsTab } from '../components/statements-tab';
import { TrialBalanceTab } from '../components/trial-balance-tab';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /reports/built-reports: the general ledger's ready-made reports (trial balance, balance sheet,
 * income statement, GL account statement) under the Reports menu.
 */
export function GlReportsRoute() {
  useDocumentTitle('Built Reports');
  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-8 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Built Reports</h1>
        <Button asChild variant="outline">
          <Link to={paths.generalLedger}>General Ledger</Link>
        </Button>
      </div>
      <TrialBalanceTab />
      <StatementsTab />
    </main>
  );
}

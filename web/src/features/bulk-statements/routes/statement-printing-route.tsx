import { useState } from 'react';
import { STATEMENT_BATCH_TEXT as T, type StatementBatch } from '@bankmanager/contracts';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useBranch } from '@/lib/branch';
import { useBusinessDate } from '@/lib/business-date';
import { usePermissions } from '@/lib/permissions';
import { useStatementBatch } from '../api/statement-batches';
import { BatchForm } from '../components/batch-form';
import { BatchList } from '../components/batch-list';
import { BatchProgress } from '../components/batch-progress';

/** The batch just started, followed live (polled each second) until it is done or failed. */
function Following({ id }: { id: number }) {
  const q = useStatementBatch(id);
  if (q.isError)
    return (
      <p role="alert" className="text-destructive">
        {q.error.message}
      </p>
    );
  if (!q.data) return <p role="status">{`Batch ${id} queued...`}</p>;
  return (
    <section aria-labelledby="statements-following" className="grid gap-2 rounded-md border p-4">
      <h2 id="statements-following" className="font-semibold">{`Batch ${id}`}</h2>
      <div aria-live="polite">
        <BatchProgress batch={q.data} />
      </div>
    </section>
  );
}

/**
 * Reports → Statement Printing: statements in bulk for a month end or a period, printed in the
 * background by the server, with a live progress bar, the download, and the past batches.
 */
export function StatementPrintingRoute() {
  useDocumentTitle(T.title);
  const { can } = usePermissions();
  const bankWide = can('branches.all');
  const header = useBranch().branch;
  const businessDate = useBusinessDate().data?.business_date;
  const [started, setStarted] = useState<StatementBatch | null>(null);
  return (
    <main className="mx-auto grid w-full max-w-6xl gap-6 p-4 sm:p-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{T.title}</h1>
        <p className="text-muted-foreground text-sm">{T.intro}</p>
      </div>
      {businessDate ? (
        <BatchForm
          businessDate={businessDate}
          branch={bankWide ? header : null}
          bankWide={bankWide}
          onStarted={setStarted}
        />
      ) : (
        <p role="status">Loading the business date...</p>
      )}
      {started ? <Following id={started.id} /> : null}
      <BatchList />
    </main>
  );
}

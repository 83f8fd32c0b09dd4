import { Link, useSearchParams } from 'react-router';
import { salaryBatchParamsSchema } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { useBatch } from '../api/batch';
import { BatchList } from '../components/batch-list';
import { BatchSummary } from '../components/batch-summary';
import { LinesTable } from '../components/lines-table';
import { UploadForm } from '../components/upload-form';

/**
 * Transaction → Other Transactions → Bulk Salary Import Posting: the batches and a new
 * upload; `?batch=` one batch's report, where lines are fixed and the batch submitted for approval.
 */
export function SalaryImportRoute() {
  const [params, setParams] = useSearchParams();
  // A hand-edited batch that is not a batch number shows the list rather than a refused request.
  const id = salaryBatchParamsSchema.shape.id.safeParse(params.get('batch')).success
    ? params.get('batch')
    : null;
  return (
    <main className="mx-auto w-full max-w-6xl space-y-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Bulk Salary Import Posting</h1>
        {id ? (
          <Button asChild variant="outline">
            <Link to={{ search: '' }}>All batches</Link>
          </Button>
        ) : null}
      </div>
      {id ? (
        <BatchScreen id={id} />
      ) : (
        <>
          <UploadForm onUploaded={(b) => setParams({ batch: b.id })} />
          <BatchList />
        </>
      )}
    </main>
  );
}

function BatchScreen({ id }: { id: string }) {
  const batch = useBatch(id);
  if (batch.isError)
    return (
      <p role="alert" className="text-destructive">
        {batch.error.message}
      </p>
    );
  if (!batch.data) return <p role="status">Loading the batch...</p>;
  return (
    <>
      <BatchSummary batch={batch.data} />
      <LinesTable key={`${id}-${batch.data.status}`} batch={batch.data} />
    </>
  );
}

import { Spinner } from '@/components/feedback/spinner';
import { Button } from '@/components/ui/button';
import { useRunNow } from '../api/options';

/** "Run due now": what end of day does first, by hand. Running twice posts nothing new. */
export function RunNow() {
  const run = useRunNow();
  return (
    <section aria-labelledby="run-heading" className="grid gap-3 rounded-md border p-4">
      <h2 id="run-heading" className="text-lg font-semibold">
        Run due orders
      </h2>
      <p className="text-muted-foreground text-sm">
        Posts every active order due on or before the business date, once per due date. End of day runs this
        too.
      </p>
      <div className="flex items-center gap-3">
        <Button type="button" disabled={run.isPending} onClick={() => run.mutate()}>
          Run due now
        </Button>
        {run.isPending ? <Spinner className="size-4 border-2" /> : null}
      </div>
      {run.isSuccess ? (
        <p role="status" data-testid="run-result">
          {`${run.data.business_date}: ${run.data.posted} posted, ${run.data.failed} failed, ${run.data.skipped} already handled.`}
        </p>
      ) : null}
      {run.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {run.error.message}
        </p>
      ) : null}
    </section>
  );
}

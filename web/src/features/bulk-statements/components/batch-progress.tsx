import {
  STATEMENT_BATCH_STATUS_LABEL,
  STATEMENT_BATCH_TEXT as T,
  type StatementBatch,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { downloadStatementBatch } from '../api/statement-batches';

const percentOf = (b: StatementBatch) =>
  b.status === 'done' ? 100 : b.total ? Math.min(100, Math.floor((100 * b.done) / b.total)) : 0;

/** Where a batch stands: a bar with its counts, read out as it moves; the download once done. */
export function BatchProgress({ batch: b, compact = false }: { batch: StatementBatch; compact?: boolean }) {
  const percent = percentOf(b);
  const counts = b.total === null ? STATEMENT_BATCH_STATUS_LABEL[b.status] : T.progress(b.done, b.total);
  const download = () =>
    downloadStatementBatch(b).catch((err: unknown) =>
      toast({
        title: 'Error',
        description: err instanceof Error ? err.message : 'The download failed',
        variant: 'destructive',
      }),
    );
  return (
    <div className="grid min-w-0 gap-1">
      <div
        role="progressbar"
        aria-label={`Statement batch ${b.id} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${STATEMENT_BATCH_STATUS_LABEL[b.status]}: ${counts}`}
        className="bg-muted h-2 w-full overflow-hidden rounded"
      >
        <div
          className={b.status === 'failed' ? 'bg-destructive h-2' : 'bg-primary h-2'}
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="text-muted-foreground text-xs tabular-nums">
        {`${STATEMENT_BATCH_STATUS_LABEL[b.status]} · ${counts}`}
      </span>
      {b.status === 'failed' && b.error ? <span className="text-destructive text-sm">{b.error}</span> : null}
      {b.status === 'done' ? (
        <Button
          variant={compact ? 'link' : 'default'}
          className={compact ? 'h-auto justify-start p-0' : 'justify-self-start'}
          onClick={() => void download()}
          aria-label={`${T.download} ${b.fileName ?? `batch ${b.id}`}`}
        >
          {compact ? T.download : `${T.download} ${b.fileName ?? ''}`}
        </Button>
      ) : null}
    </div>
  );
}

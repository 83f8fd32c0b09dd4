import type { ReportRun } from '@bankmanager/contracts/built-reports';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { downloadRun, useRetryRun } from '../api/runs';

/** View on screen, download the file, or retry a failed run. */
export function RunActions({
  run,
  onView,
  onOpened,
}: {
  run: ReportRun;
  onView: (id: string) => void;
  onOpened?: () => void;
}) {
  const retry = useRetryRun();
  const fail = (e: Error) => toast({ title: e.message, variant: 'destructive' });
  if (run.status === 'failed')
    return (
      <Button
        size="sm"
        variant="outline"
        disabled={retry.isPending}
        onClick={() => retry.mutate(run.id, { onError: fail })}
      >
        Retry
      </Button>
    );
  if (run.status !== 'done') return null;
  if (run.format === 'screen')
    return (
      <Button size="sm" variant="outline" onClick={() => (onView(run.id), onOpened?.())}>
        View
      </Button>
    );
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={() => {
        onOpened?.();
        downloadRun(run).catch(fail);
      }}
    >
      Download {run.format.toUpperCase()}
    </Button>
  );
}

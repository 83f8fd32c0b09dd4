import type { ReportRun } from '@bankmanager/contracts/built-reports';
import { Badge } from '@/components/ui/badge';

const VARIANT = { queued: 'outline', running: 'secondary', done: 'default', failed: 'destructive' } as const;

/** The run's state in words, its progress while it runs, and why it failed. */
export function RunStatus({ run }: { run: ReportRun }) {
  return (
    <div className="grid gap-1">
      <Badge variant={VARIANT[run.status]}>{run.status}</Badge>
      {run.status === 'running' || run.status === 'queued' ? (
        <progress
          className="h-2 w-24"
          max={100}
          value={run.progress}
          aria-label={`${run.title}: ${run.progress}%`}
        />
      ) : null}
      {run.error ? <span className="text-destructive text-xs break-words">{run.error}</span> : null}
    </div>
  );
}

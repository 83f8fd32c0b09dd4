import { REPORT_SOURCE_TEXT as T, formatDateTime, type ReportServed } from '@bankmanager/contracts';

/**
 * Where a report's figures came from (ADR 0054): the primary, or the read replica and the moment its
 * figures are true at. A replica behind its bound is announced as a status, so a screen reader hears it.
 */
export function ReportSourceNote({ served }: { served: ReportServed | undefined }) {
  if (!served) return null;
  const asOf = formatDateTime(served.asOf);
  if (served.stale) {
    const lag = `${Math.round(served.lagSeconds ?? 0)} s`;
    return (
      <p
        role="status"
        className="rounded-md border border-amber-600 px-3 py-2 text-sm text-amber-900 dark:text-amber-100"
      >
        {T.stale(asOf, lag)}
      </p>
    );
  }
  return (
    <p className="text-muted-foreground text-sm" data-source={served.source}>
      {served.source === 'replica' ? T.replica(asOf) : T.primary}
    </p>
  );
}

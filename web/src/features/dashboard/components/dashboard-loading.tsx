import { Spinner } from '@/components/feedback/spinner';

/** docs/product.md §2: spinner with 'Loading your dashboard...' while the activation status is unknown. */
export function DashboardLoading() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-4"
    >
      <Spinner />
      <p className="text-muted-foreground">Loading your dashboard...</p>
    </div>
  );
}

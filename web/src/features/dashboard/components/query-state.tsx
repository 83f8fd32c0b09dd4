import { Loading } from '@/components/feedback/loading';

export function QueryError({ error }: { error: unknown }) {
  return (
    <div role="alert" className="border-destructive text-destructive rounded-lg border p-4 text-sm">
      {error instanceof Error ? error.message : 'Could not load the dashboard'}
    </div>
  );
}

export function QueryLoading() {
  return <Loading className="min-h-40" />;
}

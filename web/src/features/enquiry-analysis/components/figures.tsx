import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

/**
 * What the analysis screens show under their filter bar: "Loading…" while the first figures come, the
 * server's message when it refuses (a date after the business date, a period too long), then the figures.
 */
export function Figures<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending && query.fetchStatus !== 'idle') return <p>Loading the figures...</p>;
  if (query.isError)
    return (
      <p role="alert" className="text-destructive">
        {query.error.message}
      </p>
    );
  return query.data ? children(query.data) : null;
}

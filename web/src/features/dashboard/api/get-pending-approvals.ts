import { useQuery } from '@tanstack/react-query';
import { getInboxPage, type InboxFilters } from '@/lib/approvals-inbox';

/**
 * How many requests wait for this checker: the total of the inbox's own query with the inbox's own
 * filters (the header's branch), so the dashboard never says a number the inbox does not show.
 */
export function usePendingApprovalsCount(
  filters: InboxFilters,
  enabled: boolean,
  refetchInterval: number | false = false,
) {
  return useQuery({
    queryKey: ['approvals', 'pending-count', filters],
    queryFn: async ({ signal }) => (await getInboxPage(filters, 0, 1, signal)).total,
    enabled,
    retry: false,
    refetchInterval,
  });
}

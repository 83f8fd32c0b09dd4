import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { approvalListItemSchema } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';
import { APPROVALS_PAGE_SIZE, getInboxPage, type InboxFilters } from '@/lib/approvals-inbox';

export { APPROVALS_PAGE_SIZE, type InboxFilters };

/** `refetchInterval`: the fallback poll while the realtime channel is down (`false` while it is up). */
export function useApprovals(f: InboxFilters, page: number, refetchInterval: number | false = false) {
  return useQuery({
    queryKey: ['approvals', f, page],
    queryFn: ({ signal }) => getInboxPage(f, page, APPROVALS_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval,
  });
}

/**
 * One request by id (`scope=all`: its maker, an auditor or a checker reads it), for the inbox opened
 * from a maker's "Sent for approval" link.
 */
export function useApprovalRequest(id: string | null) {
  return useQuery({
    queryKey: ['approvals', 'one', id],
    queryFn: async ({ signal }) =>
      (
        await getPage('/approvals', approvalListItemSchema, {
          page: 0,
          pageSize: 1,
          params: { scope: 'all', id: id ?? undefined },
          signal,
        })
      ).rows[0] ?? null,
    enabled: id !== null,
    retry: false,
  });
}

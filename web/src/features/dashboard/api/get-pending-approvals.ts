import { useQuery } from '@tanstack/react-query';
import { approvalSchema } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

/** How many requests wait for this checker: the X-Total-Count of the inbox's first row. */
export function usePendingApprovalsCount(enabled: boolean, refetchInterval: number | false = false) {
  return useQuery({
    queryKey: ['approvals', 'pending-count'],
    queryFn: async ({ signal }) =>
      (
        await getPage('/approvals', approvalSchema, {
          page: 0,
          pageSize: 1,
          params: { scope: 'decide', status: 'pending' },
          signal,
        })
      ).total,
    enabled,
    retry: false,
    refetchInterval,
  });
}

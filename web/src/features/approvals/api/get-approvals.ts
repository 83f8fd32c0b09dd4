import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { approvalSchema, type Approval, type ApprovalType, type Page } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

export const APPROVALS_PAGE_SIZE = 25;

export interface InboxFilters {
  type?: ApprovalType;
  branch?: string;
  minAmount?: string;
}

/** GET /api/approvals?scope=decide — pending requests the caller may decide, oldest first. */
export function getApprovals(f: InboxFilters, page: number, signal?: AbortSignal): Promise<Page<Approval>> {
  return getPage('/approvals', approvalSchema, {
    page,
    pageSize: APPROVALS_PAGE_SIZE,
    params: { scope: 'decide', status: 'pending', ...f },
    signal,
  });
}

/** `refetchInterval`: the fallback poll while the realtime channel is down (`false` while it is up). */
export function useApprovals(f: InboxFilters, page: number, refetchInterval: number | false = false) {
  return useQuery({
    queryKey: ['approvals', f, page],
    queryFn: ({ signal }) => getApprovals(f, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval,
  });
}

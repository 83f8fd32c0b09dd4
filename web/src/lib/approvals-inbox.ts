import {
  approvalListItemSchema,
  type ApprovalListItem,
  type ApprovalType,
  type Page,
} from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

export const APPROVALS_PAGE_SIZE = 25;

export interface InboxFilters {
  type?: ApprovalType;
  branch?: string;
  minAmount?: string;
}

/**
 * GET /api/approvals?scope=decide — pending requests the caller may decide, oldest first. The inbox
 * and the dashboard's "N approval requests are waiting for you" both ask this, with the same filters
 * (the header's branch), so the count is always the inbox's total.
 */
export function getInboxPage(
  f: InboxFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Page<ApprovalListItem>> {
  return getPage('/approvals', approvalListItemSchema, {
    page,
    pageSize,
    params: { scope: 'decide', status: 'pending', ...f },
    signal,
  });
}

/** The inbox's filters when none are in its URL: the header's branch. */
export const inboxDefaults = (headerBranch: string | null): InboxFilters =>
  headerBranch ? { branch: headerBranch } : {};

/** The inbox opened on one request: the link a maker's confirmation gives. */
export const approvalRequestHref = (inbox: string, id: string): string =>
  `${inbox}?request=${encodeURIComponent(id)}`;

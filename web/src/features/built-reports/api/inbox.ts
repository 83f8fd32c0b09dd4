import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportInboxCountSchema, reportInboxItemSchema } from '@bankmanager/contracts/built-reports';
import { api } from '@/lib/api-client';
import { getPage } from '@/lib/get-page';
import { useLiveRefetch } from '@/lib/realtime';

export const INBOX_PAGE_SIZE = 10;
export const inboxKey = ['built-reports', 'inbox'] as const;

/**
 * Keeps the inbox and its badge current: /realtime/v1 tells of each item delivered to (or read by)
 * this user; while the channel is down the queries poll instead.
 */
export const useInboxLive = () => useLiveRefetch('report-inbox', [{ table: 'report_inbox' }], [inboxKey]);

export const useInbox = (page: number, poll: number | false) =>
  useQuery({
    queryKey: [...inboxKey, 'list', page],
    queryFn: ({ signal }) =>
      getPage('/built-reports/inbox', reportInboxItemSchema, { page, pageSize: INBOX_PAGE_SIZE, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: poll,
  });

export const useUnreadCount = (poll: number | false) =>
  useQuery({
    queryKey: [...inboxKey, 'unread'],
    queryFn: ({ signal }) =>
      api.get('/built-reports/inbox/unread', { schema: reportInboxCountSchema, signal }),
    refetchInterval: poll,
  });

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/built-reports/inbox/${id}/read`),
    onSuccess: () => client.invalidateQueries({ queryKey: inboxKey }),
  });
}

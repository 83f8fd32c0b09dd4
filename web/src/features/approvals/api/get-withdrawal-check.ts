import { useQuery } from '@tanstack/react-query';
import { withdrawalCheckSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/teller/withdrawals/:id/check: the holder and the available balance, for the checker. */
export const getWithdrawalCheck = (id: string, signal?: AbortSignal) =>
  api.get(`/teller/withdrawals/${encodeURIComponent(id)}/check`, { schema: withdrawalCheckSchema, signal });

/** Read when the request is shown, not cached for long: the balance may move until it is paid. */
export const useWithdrawalCheck = (id: string) =>
  useQuery({
    queryKey: ['approvals', 'withdrawal-check', id],
    queryFn: ({ signal }) => getWithdrawalCheck(id, signal),
    retry: false,
    staleTime: 0,
  });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { tellerTransactionSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { tellerKeys } from './keys';

/** GET /api/teller/withdrawals/waiting: the caller's withdrawals awaiting approval or payment. */
export const getWaitingWithdrawals = (signal?: AbortSignal) =>
  api.get('/teller/withdrawals/waiting', { schema: z.array(tellerTransactionSchema), signal });

export const waitingWithdrawalsQueryOptions = () =>
  queryOptions({ queryKey: tellerKeys.waiting(), queryFn: ({ signal }) => getWaitingWithdrawals(signal) });

/** Polled while something waits: the supervisor decides on another screen. */
export const useWaitingWithdrawals = () =>
  useQuery({
    ...waitingWithdrawalsQueryOptions(),
    refetchInterval: (q) => (q.state.data?.some((t) => t.status === 'pending_approval') ? 5000 : false),
  });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountManageViewSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { tellerKeys } from './keys';

/** GET /api/accounts/:number/manage: holder, status, balance, holds and available balance. */
export const getCounterAccount = (number: string, signal?: AbortSignal) =>
  api.get(`/accounts/${encodeURIComponent(number)}/manage`, { schema: accountManageViewSchema, signal });

export const counterAccountQueryOptions = (number: string) =>
  queryOptions({
    queryKey: tellerKeys.account(number),
    queryFn: ({ signal }) => getCounterAccount(number, signal),
    retry: false,
    staleTime: 0,
  });

export const useCounterAccount = (number: string | null) =>
  useQuery({ ...counterAccountQueryOptions(number ?? ''), enabled: number !== null });

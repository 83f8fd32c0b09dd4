import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountManageViewSchema, type AccountManageView } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/accounts/:number/manage — balances, holds, rate, accrual and the caller's allowed actions. */
export function getAccountManage(number: string, signal?: AbortSignal): Promise<AccountManageView> {
  return api.get(`/accounts/${encodeURIComponent(number)}/manage`, {
    schema: accountManageViewSchema,
    signal,
  });
}

export const accountManageQueryOptions = (number: string) =>
  queryOptions({
    queryKey: ['deposit-accounts', 'manage', number],
    queryFn: ({ signal }) => getAccountManage(number, signal),
  });

export function useAccountManage(number: string | null) {
  return useQuery({ ...accountManageQueryOptions(number ?? ''), enabled: !!number, retry: false });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountManageViewSchema, type AccountManageView } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/accounts/:number/manage — holds, available balance and the actions this user may take. */
export function getAccountStanding(number: string, signal?: AbortSignal): Promise<AccountManageView> {
  return api.get(`/accounts/${encodeURIComponent(number)}/manage`, {
    schema: accountManageViewSchema,
    signal,
  });
}

export const accountStandingQueryOptions = (number: string) =>
  queryOptions({
    queryKey: ['account-enquiry', 'standing', number],
    queryFn: ({ signal }) => getAccountStanding(number, signal),
    retry: false,
  });

export const useAccountStanding = (number: string) => useQuery(accountStandingQueryOptions(number));

import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountRowSchema } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';
import { tellerKeys } from './keys';

/** GET /api/accounts?q=: accounts whose holder's name (or number) matches, for "find by customer". */
export const findAccounts = (q: string, signal?: AbortSignal) =>
  getPage('/accounts', accountRowSchema, { page: 0, pageSize: 10, params: { q, sort: 'name' }, signal });

export const findAccountsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...tellerKeys.all, 'find', q],
    queryFn: ({ signal }) => findAccounts(q, signal),
  });

export const useFindAccounts = (q: string) =>
  useQuery({ ...findAccountsQueryOptions(q), enabled: q.length >= 2 });

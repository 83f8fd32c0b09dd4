import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  REGISTERED_USERS_PAGE_SIZE,
  registeredUserSchema,
  type Page,
  type RegisteredUser,
  type RegisteredUserSort,
} from '@bankmanager/contracts';
import { publicConfig } from '@/config/public-config';
import { getPage } from '@/lib/get-page';
import { loadSampleUsers } from './sample-users';

export interface UsersPageParams {
  q: string;
  sort: RegisteredUserSort;
  order: 'asc' | 'desc';
  /** 0-based, as the screen counts (docs/product.md §9: initial page 0). */
  page: number;
  /** The header's branch (ADR 0015): the server checks the caller may see it; none = the caller's scope. */
  branch?: string | undefined;
}

export interface UsersPage extends Page<RegisteredUser> {
  /** True when the server was unreachable and demo sample rows are shown instead (demo mode only). */
  sample: boolean;
}

/** GET /api/registered-users: one page, searched and sorted by the database; the total is a header. */
export async function getRegisteredUsers(p: UsersPageParams, signal?: AbortSignal): Promise<UsersPage> {
  try {
    const page = await getPage('/registered-users', registeredUserSchema, {
      page: p.page,
      pageSize: REGISTERED_USERS_PAGE_SIZE,
      params: { sort: p.sort, order: p.order, q: p.q, ...(p.branch && { branch: p.branch }) },
      signal,
    });
    return { ...page, sample: false };
  } catch (err) {
    // docs/product.md §7 fallback to a local sample file — only on a demo server, never with real data.
    if (!publicConfig.demoData || signal?.aborted) throw err;
    const sample = await loadSampleUsers(p).catch(() => {
      throw err;
    });
    return { ...sample, sample: true };
  }
}

export const registeredUsersQueryOptions = (p: UsersPageParams) =>
  queryOptions({
    queryKey: ['registered-users', p],
    queryFn: ({ signal }) => getRegisteredUsers(p, signal),
    placeholderData: keepPreviousData,
  });

export function useRegisteredUsers(p: UsersPageParams) {
  return useQuery(registeredUsersQueryOptions(p));
}

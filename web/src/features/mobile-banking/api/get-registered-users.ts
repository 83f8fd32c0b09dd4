import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  REGISTERED_USERS_PAGE_SIZE,
  registeredUserSchema,
  type RegisteredUser,
  type RegisteredUserSort,
} from '@bankmanager/contracts';
import { publicConfig } from '@/config/public-config';
import { api } from '@/lib/api-client';
import { loadSampleUsers } from './sample-users';

export interface UsersPageParams {
  q: string;
  sort: RegisteredUserSort;
  order: 'asc' | 'desc';
  /** 0-based, as the screen counts (SPEC §9: initial page 0). */
  page: number;
}

export interface UsersPage {
  rows: RegisteredUser[];
  total: number;
  /** True when the server was unreachable and demo sample rows are shown instead (demo mode only). */
  sample: boolean;
}

const listSchema = z.array(registeredUserSchema);

/** GET /api/registered-users: one page, searched and sorted by the database; the total is a header. */
export async function getRegisteredUsers(p: UsersPageParams, signal?: AbortSignal): Promise<UsersPage> {
  const query = new URLSearchParams({
    sort: p.sort,
    order: p.order,
    page: String(p.page + 1),
    pageSize: String(REGISTERED_USERS_PAGE_SIZE),
  });
  if (p.q) query.set('q', p.q);
  let total = 0;
  try {
    const rows = await api.get(`/registered-users?${query}`, {
      schema: listSchema,
      signal,
      onResponse: (res) => (total = Number(res.headers.get('x-total-count') ?? 0)),
    });
    return { rows, total, sample: false };
  } catch (err) {
    // SPEC §7 fallback to a local sample file — only on a demo server, never with real data.
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

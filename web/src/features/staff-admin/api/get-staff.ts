import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { staffListItemSchema, type StaffListItem, type StaffStatus } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

export const STAFF_PAGE_SIZE = 10;
export const STAFF_FILTERS = ['all', 'pending', 'active', 'superusers', 'banned'] as const;
export type StaffFilter = (typeof STAFF_FILTERS)[number];

export interface StaffPageParams {
  q: string;
  filter: StaffFilter;
  /** 0-based. */
  page: number;
}

export interface StaffPage {
  rows: StaffListItem[];
  total: number;
}

const listSchema = z.array(staffListItemSchema);

/** GET /api/admin/staff — one page; the total is in X-Total-Count. */
export async function getStaff(p: StaffPageParams, signal?: AbortSignal): Promise<StaffPage> {
  const query = new URLSearchParams({ page: String(p.page + 1), pageSize: String(STAFF_PAGE_SIZE) });
  if (p.q) query.set('q', p.q);
  if (p.filter === 'superusers') query.set('superuser', 'true');
  else if (p.filter !== 'all') query.set('status', p.filter satisfies StaffStatus);
  let total = 0;
  const rows = await api.get(`/admin/staff?${query}`, {
    schema: listSchema,
    signal,
    onResponse: (res) => (total = Number(res.headers.get('x-total-count') ?? 0)),
  });
  return { rows, total };
}

export const staffQueryOptions = (p: StaffPageParams) =>
  queryOptions({
    queryKey: ['admin-staff', p],
    queryFn: ({ signal }) => getStaff(p, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useStaff(p: StaffPageParams, enabled = true) {
  return useQuery({ ...staffQueryOptions(p), enabled });
}

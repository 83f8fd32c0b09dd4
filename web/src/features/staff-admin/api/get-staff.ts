import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffListItemSchema, type Page, type StaffListItem, type StaffStatus } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

export const STAFF_PAGE_SIZE = 10;
export const STAFF_FILTERS = ['all', 'pending', 'active', 'superusers', 'banned'] as const;
export type StaffFilter = (typeof STAFF_FILTERS)[number];

export interface StaffPageParams {
  q: string;
  filter: StaffFilter;
  /** 0-based. */
  page: number;
}

export type StaffPage = Page<StaffListItem>;

/** GET /api/admin/staff — one page; the total is in X-Total-Count. */
export function getStaff(p: StaffPageParams, signal?: AbortSignal): Promise<StaffPage> {
  const params = {
    q: p.q,
    superuser: p.filter === 'superusers' ? 'true' : undefined,
    status: p.filter === 'all' || p.filter === 'superusers' ? undefined : (p.filter satisfies StaffStatus),
  };
  return getPage('/admin/staff', staffListItemSchema, {
    page: p.page,
    pageSize: STAFF_PAGE_SIZE,
    params,
    signal,
  });
}

export const staffQueryOptions = (p: StaffPageParams) =>
  queryOptions({
    queryKey: ['admin-staff', p],
    queryFn: ({ signal }) => getStaff(p, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useStaff(p: StaffPageParams) {
  return useQuery(staffQueryOptions(p));
}

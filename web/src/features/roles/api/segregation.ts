import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { segregationRowSchema, type Page, type SegregationRow } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

export const SEGREGATION_PAGE_SIZE = 20;

/** GET /api/admin/segregation — staff holding a toxic combination of duties, one page (0-based). */
export function getSegregation(page: number, signal?: AbortSignal): Promise<Page<SegregationRow>> {
  return getPage('/admin/segregation', segregationRowSchema, {
    page,
    pageSize: SEGREGATION_PAGE_SIZE,
    signal,
  });
}

export function useSegregation(page: number) {
  return useQuery({
    queryKey: ['segregation', page],
    queryFn: ({ signal }) => getSegregation(page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

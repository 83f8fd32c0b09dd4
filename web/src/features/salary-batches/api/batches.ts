import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { salaryBatchSchema, type Page, type SalaryBatch } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

export const BATCHES_PAGE_SIZE = 10;

/** GET /api/salary-batches — newest first, the home branch's unless the user works in every branch. */
export function getBatches(page: number, signal?: AbortSignal): Promise<Page<SalaryBatch>> {
  return getPage('/salary-batches', salaryBatchSchema, { page, pageSize: BATCHES_PAGE_SIZE, signal });
}

export function useBatches(page: number) {
  return useQuery({
    queryKey: ['salary-batches', 'list', page],
    queryFn: ({ signal }) => getBatches(page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

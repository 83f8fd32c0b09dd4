import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { salaryLineSchema, type Page, type SalaryLine } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

export const LINES_PAGE_SIZE = 50;

/** GET /api/salary-batches/:id/lines — in file order; `only` the lines the report flags. */
export function getLines(
  id: string,
  page: number,
  only: boolean,
  signal?: AbortSignal,
): Promise<Page<SalaryLine>> {
  return getPage(`/salary-batches/${encodeURIComponent(id)}/lines`, salaryLineSchema, {
    page,
    pageSize: LINES_PAGE_SIZE,
    params: { problems: only ? 'only' : 'all' },
    signal,
  });
}

export function useLines(id: string, page: number, only: boolean) {
  return useQuery({
    queryKey: ['salary-batches', 'lines', id, page, only],
    queryFn: ({ signal }) => getLines(id, page, only, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

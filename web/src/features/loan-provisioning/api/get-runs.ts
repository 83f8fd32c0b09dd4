import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { provisionRunSummarySchema } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

export const RUNS_PAGE_SIZE = 10;

/** GET /api/loan-provisioning/runs — newest first, one page, the total in X-Total-Count. */
export const useProvisionRuns = (page: number) =>
  useQuery({
    queryKey: ['loan-provisioning', 'runs', page],
    queryFn: ({ signal }) =>
      getPage('/loan-provisioning/runs', provisionRunSummarySchema, {
        page,
        pageSize: RUNS_PAGE_SIZE,
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { tillSchema } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';
import { tellerKeys } from './keys';

export const TILLS_PAGE_SIZE = 25;

export interface TillsQuery {
  branch: string | null;
  q: string;
  page: number;
}

/** GET /api/teller/tills: the branch's till register by code, searched by code or name. */
export const getTills = (q: TillsQuery, signal?: AbortSignal) =>
  getPage('/teller/tills', tillSchema, {
    page: q.page,
    pageSize: TILLS_PAGE_SIZE,
    params: { branch: q.branch ?? undefined, q: q.q || undefined },
    signal,
  });

export const tillsQueryOptions = (q: TillsQuery) =>
  queryOptions({ queryKey: tellerKeys.tills(q), queryFn: ({ signal }) => getTills(q, signal) });

export const useTills = (q: TillsQuery) =>
  useQuery({ ...tillsQueryOptions(q), placeholderData: keepPreviousData });

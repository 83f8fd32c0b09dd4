import { queryOptions, useQuery } from '@tanstack/react-query';
import { tillSessionSchema, type TillSessionStatus } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';
import { tellerKeys } from './keys';

export interface BranchSessionsQuery {
  branch: string | null;
  date: string;
  status: TillSessionStatus | '';
  page: number;
}

/** GET /api/teller/sessions: the tills of a branch with their expected cash (supervisors). */
export const getBranchSessions = (q: BranchSessionsQuery, signal?: AbortSignal) =>
  getPage('/teller/sessions', tillSessionSchema, {
    page: q.page,
    pageSize: 25,
    params: { branch: q.branch ?? undefined, date: q.date || undefined, status: q.status || undefined },
    signal,
  });

export const branchSessionsQueryOptions = (q: BranchSessionsQuery) =>
  queryOptions({ queryKey: tellerKeys.sessions(q), queryFn: ({ signal }) => getBranchSessions(q, signal) });

export const useBranchSessions = (q: BranchSessionsQuery) =>
  useQuery({ ...branchSessionsQueryOptions(q), refetchInterval: 15_000 });

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ctrExportFileName, ctrFlagSchema } from '@bankmanager/contracts';
import { apiDownload } from '@/lib/api-client';
import { getPage } from '@/lib/get-page';
import { tellerKeys } from './keys';

export interface CtrQuery {
  branch: string | null;
  from: string;
  to: string;
  page: number;
}

const params = (q: CtrQuery) => ({
  branch: q.branch ?? undefined,
  from: q.from || undefined,
  to: q.to || undefined,
});

/** GET /api/ctr-flags: a page of flagged cash transactions, newest first. */
export const getCtrFlags = (q: CtrQuery, signal?: AbortSignal) =>
  getPage('/ctr-flags', ctrFlagSchema, { page: q.page, pageSize: 25, params: params(q), signal });

export const ctrFlagsQueryOptions = (q: CtrQuery) =>
  queryOptions({ queryKey: tellerKeys.ctr(q), queryFn: ({ signal }) => getCtrFlags(q, signal) });

export const useCtrFlags = (q: CtrQuery) =>
  useQuery({ ...ctrFlagsQueryOptions(q), placeholderData: keepPreviousData });

/** The whole filter as CSV or PDF. */
export function downloadCtrFlags(q: CtrQuery, format: 'csv' | 'pdf'): Promise<void> {
  const query = new URLSearchParams({ format });
  for (const [k, v] of Object.entries(params(q))) if (v) query.set(k, v);
  return apiDownload(`/ctr-flags?${query}`, ctrExportFileName(q.from, q.to, format));
}

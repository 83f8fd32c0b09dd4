import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CTR_AGGREGATE_PAGE_SIZE,
  ctrFilingFileName,
  ctrFilingSchema,
  ctrReportSchema,
  type CtrFilingCreate,
} from '@bankmanager/contracts';
import { api, apiDownload } from '@/lib/api-client';
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

/** GET /api/ctr-reports: a page of CTRs (one customer's cash in or out on one day), newest first. */
export const getCtrReports = (q: CtrQuery, signal?: AbortSignal) =>
  getPage('/ctr-reports', ctrReportSchema, {
    page: q.page,
    pageSize: CTR_AGGREGATE_PAGE_SIZE,
    params: params(q),
    signal,
  });

export const ctrReportsQueryOptions = (q: CtrQuery) =>
  queryOptions({ queryKey: tellerKeys.ctr(q), queryFn: ({ signal }) => getCtrReports(q, signal) });

export const useCtrReports = (q: CtrQuery) =>
  useQuery({ ...ctrReportsQueryOptions(q), placeholderData: keepPreviousData });

/** The whole filter as CSV, one line per transaction. */
export function downloadCtrReports(q: CtrQuery): Promise<void> {
  const query = new URLSearchParams({ format: 'csv' });
  for (const [k, v] of Object.entries(params(q))) if (v) query.set(k, v);
  return apiDownload(`/ctr-reports?${query}`, `ctr-reports-${q.from || 'start'}-to-${q.to || 'today'}.csv`);
}

/** POST /api/ctr-filings: the frozen filing of a closed day or month (aml.ctr.file). */
export function usePrepareCtrFiling() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CtrFilingCreate) => api.post('/ctr-filings', { body, schema: ctrFilingSchema }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: tellerKeys.all }),
  });
}

/** The filing as filed: goAML XML or CSV. */
export const downloadCtrFiling = (id: string, reference: string, format: 'xml' | 'csv') =>
  apiDownload(`/ctr-filings/${id}/${format}`, ctrFilingFileName(reference, format));

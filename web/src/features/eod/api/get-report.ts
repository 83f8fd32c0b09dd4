import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { eodReportSchema, type EodReportKind } from '@bankmanager/contracts';
import { api, apiDownload } from '@/lib/api-client';

export type ReportParams = Partial<Record<'date' | 'from' | 'to' | 'month', string>>;

const query = (params: ReportParams, format: string) => {
  const q = new URLSearchParams({ format });
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  return q.toString();
};

/** GET /api/eod/reports/:report?format=json — one of the four end-of-day reports. */
export const reportQueryOptions = (kind: EodReportKind, params: ReportParams) =>
  queryOptions({
    queryKey: ['eod', 'report', kind, params],
    queryFn: ({ signal }) =>
      api.get(`/eod/reports/${kind}?${query(params, 'json')}`, { schema: eodReportSchema, signal }),
    placeholderData: keepPreviousData,
  });

export function useEodReport(kind: EodReportKind, params: ReportParams) {
  return useQuery({ ...reportQueryOptions(kind, params), retry: false });
}

/** The same report as a CSV or PDF file. */
export function downloadEodReport(kind: EodReportKind, params: ReportParams, format: 'csv' | 'pdf') {
  const stamp = params.date ?? params.month ?? params.to ?? 'latest';
  return apiDownload(`/eod/reports/${kind}?${query(params, format)}`, `eod-${kind}-${stamp}.${format}`);
}

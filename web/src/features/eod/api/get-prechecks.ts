import { queryOptions, useQuery } from '@tanstack/react-query';
import { eodPrechecksSchema, type EodPrechecks } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/eod/prechecks — the day to close, the next business date and each pre-check now. */
export function getPrechecks(signal?: AbortSignal): Promise<EodPrechecks> {
  return api.get('/eod/prechecks', { schema: eodPrechecksSchema, signal });
}

export const prechecksQueryOptions = () =>
  queryOptions({ queryKey: ['eod', 'prechecks'], queryFn: ({ signal }) => getPrechecks(signal) });

export function usePrechecks() {
  return useQuery({ ...prechecksQueryOptions(), retry: false });
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  branchStatisticsSchema,
  depositBorrowingSchema,
  snapshotSchema,
  type AnalysisFileFormat,
  type Currency,
} from '@bankmanager/contracts';
import { api, apiDownload } from '@/lib/api-client';
import type { Filters } from '../lib/filters';

const query = (f: Record<string, string | null>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) q.set(k, v);
  return q.toString();
};

/** GET /api/reports/snapshot: balances at the close of `date` (the last close on or before it). */
export const snapshotQuery = (date: string, f: Filters) =>
  queryOptions({
    queryKey: ['reports', 'snapshot', date, f.branch, f.product],
    queryFn: ({ signal }) =>
      api.get(`/reports/snapshot?${query({ date, branch: f.branch, product: f.product })}`, {
        schema: snapshotSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useSnapshot = (date: string | null, f: Filters) =>
  useQuery({ ...snapshotQuery(date ?? '', f), enabled: date !== null });

/**
 * What a screen shows, as a file the server makes (the same route, filters and rights; a spreadsheet
 * formula in a name is defused there): saved as `<name>.<format>`, the name the server gives it too.
 */
export const downloadAnalysis = (
  report: 'snapshot' | 'deposit-borrowing' | 'branch-statistics',
  params: Record<string, string | null>,
  format: AnalysisFileFormat,
  name: string,
) => apiDownload(`/reports/${report}?${query({ ...params, format })}`, `${name}.${format}`);

/** GET /api/reports/deposit-borrowing: month ends of a period, their changes and the product mix. */
export const depositBorrowingQuery = (from: string, to: string, f: Filters) =>
  queryOptions({
    queryKey: ['reports', 'deposit-borrowing', from, to, f.branch, f.product],
    queryFn: ({ signal }) =>
      api.get(`/reports/deposit-borrowing?${query({ from, to, branch: f.branch, product: f.product })}`, {
        schema: depositBorrowingSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useDepositBorrowing = (period: { from: string; to: string } | null, f: Filters) =>
  useQuery({ ...depositBorrowingQuery(period?.from ?? '', period?.to ?? '', f), enabled: period !== null });

/** GET /api/reports/branch-statistics: per branch over a period, in one currency. */
export const branchStatisticsQuery = (from: string, to: string, branch: string | null, currency: Currency) =>
  queryOptions({
    queryKey: ['reports', 'branch-statistics', from, to, branch, currency],
    queryFn: ({ signal }) =>
      api.get(`/reports/branch-statistics?${query({ from, to, branch, currency })}`, {
        schema: branchStatisticsSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useBranchStatistics = (
  period: { from: string; to: string } | null,
  branch: string | null,
  currency: Currency,
) =>
  useQuery({
    ...branchStatisticsQuery(period?.from ?? '', period?.to ?? '', branch, currency),
    enabled: period !== null,
  });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { dailyDiffSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { proofQuery, type ProofParams } from '../lib/proof-query';
import { tellerKeys } from './keys';

/** GET /api/teller/proof/daily-diff: shortages and overages per day and currency. */
export const getDailyDiff = (p: ProofParams, signal?: AbortSignal) =>
  api.get(`/teller/proof/daily-diff?${proofQuery(p, 'json')}`, { schema: dailyDiffSchema, signal });

export const dailyDiffQueryOptions = (p: ProofParams) =>
  queryOptions({
    queryKey: tellerKeys.proof('daily-diff', p),
    queryFn: ({ signal }) => getDailyDiff(p, signal),
  });

export const useDailyDiff = (p: ProofParams) => useQuery({ ...dailyDiffQueryOptions(p), retry: false });

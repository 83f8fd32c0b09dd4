import { queryOptions, useQuery } from '@tanstack/react-query';
import { branchDiffSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { proofQuery, type ProofParams } from '../lib/proof-query';
import { tellerKeys } from './keys';

/** GET /api/teller/proof/branch-diff: teller cash against the tills, per branch. */
export const getBranchDiff = (p: ProofParams, signal?: AbortSignal) =>
  api.get(`/teller/proof/branch-diff?${proofQuery(p, 'json')}`, { schema: branchDiffSchema, signal });

export const branchDiffQueryOptions = (p: ProofParams) =>
  queryOptions({
    queryKey: tellerKeys.proof('branch-diff', p),
    queryFn: ({ signal }) => getBranchDiff(p, signal),
  });

export const useBranchDiff = (p: ProofParams) => useQuery({ ...branchDiffQueryOptions(p), retry: false });

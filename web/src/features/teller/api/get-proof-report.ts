import { queryOptions, useQuery } from '@tanstack/react-query';
import { proofReportSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { proofQuery, type ProofParams } from '../lib/proof-query';
import { tellerKeys } from './keys';

/** GET /api/teller/proof/report: each till session of a branch's business day. */
export const getProofReport = (p: ProofParams, signal?: AbortSignal) =>
  api.get(`/teller/proof/report?${proofQuery(p, 'json')}`, { schema: proofReportSchema, signal });

export const proofReportQueryOptions = (p: ProofParams) =>
  queryOptions({
    queryKey: tellerKeys.proof('report', p),
    queryFn: ({ signal }) => getProofReport(p, signal),
  });

export const useProofReport = (p: ProofParams) => useQuery({ ...proofReportQueryOptions(p), retry: false });

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { riskOverrideSchema } from '@bankmanager/contracts';
import { postForApproval } from './four-eyes';

export type RiskOverride = z.infer<typeof riskOverrideSchema>;

/** POST /api/customers/:custId/risk-override — 202: a checker decides. */
export const overrideRisk = ({ id, body }: { id: number; body: RiskOverride }) =>
  postForApproval(`/customers/${id}/risk-override`, body);

export function useOverrideRisk() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: overrideRisk,
    onSuccess: (_r, v) => void qc.invalidateQueries({ queryKey: ['customer-360', v.id] }),
  });
}

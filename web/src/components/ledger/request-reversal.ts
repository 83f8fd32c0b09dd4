import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalCreatedSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/**
 * POST /api/journal-entries/:id/reversal — always four-eyes (docs/payments.md): 202 `{ approvalId }`, the
 * reversal posts when a second person approves. Shared by Account Enquiry and the General Ledger.
 */
export function requestReversal(entryId: string, body: { reason: string; reference: string }) {
  return api.post(`/journal-entries/${encodeURIComponent(entryId)}/reversal`, {
    body,
    schema: approvalCreatedSchema,
  });
}

export function useRequestReversal(entryId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: string; reference: string }) => requestReversal(entryId, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['approvals'] }),
  });
}

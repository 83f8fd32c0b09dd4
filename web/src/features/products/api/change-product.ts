import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductChange } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { approvalIdSchema, type SentForApproval } from './sent-for-approval';

export interface ChangeProductInput {
  code: string;
  body: ProductChange;
}

/** PUT /api/products/:code — 202 {approvalId}: name, status, GL or a new terms version, four-eyes. */
export function changeProduct({ code, body }: ChangeProductInput): Promise<SentForApproval> {
  return api.put(`/products/${encodeURIComponent(code)}`, { body, schema: approvalIdSchema });
}

export function useChangeProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeProduct,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['approvals'] }),
  });
}

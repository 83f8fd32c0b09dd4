import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductCreate } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { approvalIdSchema, type SentForApproval } from './sent-for-approval';

/** POST /api/products — 202 {approvalId}: the product exists once a checker approves it. */
export function createProduct(body: ProductCreate): Promise<SentForApproval> {
  return api.post('/products', { body, schema: approvalIdSchema });
}

export function useCreateProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    // Nothing changes until approval, but the inbox and any pending markers should refetch.
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['approvals'] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalCreatedSchema, type LoanProductCreate } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** POST /api/loan-products — 202 {approvalId}: the product exists once a checker approves it. */
export function createLoanProduct(body: LoanProductCreate) {
  return api.post('/loan-products', { body, schema: approvalCreatedSchema });
}

export function useCreateLoanProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createLoanProduct,
    // Nothing changes until approval; the inbox should show the new request.
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['approvals'] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalCreatedSchema, type LoanProductChange } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** PUT /api/loan-products/:code — 202 {approvalId}: new terms (a new version), name, status or GL. */
export function changeLoanProduct({ code, body }: { code: string; body: LoanProductChange }) {
  return api.put(`/loan-products/${encodeURIComponent(code)}`, { body, schema: approvalCreatedSchema });
}

export function useChangeLoanProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeLoanProduct,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['approvals'] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankCapitalSchema, type BankCapitalBody } from '@bankmanager/contracts/lending/loan-reports';
import { api } from '@/lib/api-client';

/** PUT /api/loan-reports/capital/:month — records the month's capital; the reports read it at once. */
export function useSetCapital() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ month, body }: { month: string; body: BankCapitalBody }) =>
      api.put(`/loan-reports/capital/${month}`, { body, schema: bankCapitalSchema }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['loan-reports'] }),
  });
}

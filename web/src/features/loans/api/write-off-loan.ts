import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loanWriteOffAnswerSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** POST /api/loans/:id/write-off — asks a second person (two levels by amount) to write the loan off. */
export function useWriteOffLoan(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api.post(`/loans/${id}/write-off`, { body: { reason }, schema: loanWriteOffAnswerSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['loans'] }),
  });
}

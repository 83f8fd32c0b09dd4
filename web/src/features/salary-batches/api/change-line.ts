import { useMutation, useQueryClient } from '@tanstack/react-query';
import { salaryBatchSchema, type SalaryBatch, type SalaryLineFix } from '@bankmanager/contracts';
import { api, apiRequest } from '@/lib/api-client';

const linePath = (id: string, lineNo: number) => `/salary-batches/${encodeURIComponent(id)}/lines/${lineNo}`;

/** PUT …/lines/:lineNo — a line fixed on the screen; the whole batch is validated again. */
export function fixLine(id: string, lineNo: number, body: SalaryLineFix): Promise<SalaryBatch> {
  return api.put(linePath(id, lineNo), { body, schema: salaryBatchSchema });
}

/** DELETE …/lines/:lineNo — the line leaves the batch. */
export function removeLine(id: string, lineNo: number): Promise<SalaryBatch> {
  return apiRequest(linePath(id, lineNo), { method: 'DELETE', schema: salaryBatchSchema });
}

/** Either change refreshes the batch's totals and its lines. */
export function useChangeLine(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: { lineNo: number; fix?: SalaryLineFix }) =>
      c.fix ? fixLine(id, c.lineNo, c.fix) : removeLine(id, c.lineNo),
    onSuccess: (batch) => {
      qc.setQueryData(['salary-batches', 'one', id], batch);
      void qc.invalidateQueries({ queryKey: ['salary-batches', 'lines', id] });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/customers/:custId/documents/:docId/current — the one shown for verification. */
export function setCurrentDocument({ id, docId }: { id: number; docId: string }): Promise<unknown> {
  return api.post(`/customers/${id}/documents/${encodeURIComponent(docId)}/current`);
}

export function useSetCurrentDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setCurrentDocument,
    onSuccess: (_r, v) => void qc.invalidateQueries({ queryKey: ['customer-360', v.id] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerDocumentKind } from '@bankmanager/contracts';
import { apiUpload } from '@/lib/api-client';

export interface UploadDocumentInput {
  id: number;
  kind: CustomerDocumentKind;
  file: File;
}

/** POST /api/customers/:custId/documents (multipart: kind, file) — 201. */
export function uploadDocument({ id, kind, file }: UploadDocumentInput): Promise<unknown> {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', file);
  return apiUpload(`/customers/${id}/documents`, form);
}

export function useUploadDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: (_r, v) => void qc.invalidateQueries({ queryKey: ['customer-360', v.id] }),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { loanDocumentSchema, type LoanDocument, type LoanDocumentKind } from '@bankmanager/contracts';
import { api, apiDownload, apiUpload } from '@/lib/api-client';

const key = (id: number) => ['loan-applications', 'documents', id] as const;

/** GET /api/loan-applications/:id/documents — oldest first. */
export const useApplicationDocuments = (id: number) =>
  useQuery({
    queryKey: key(id),
    queryFn: ({ signal }) =>
      api.get(`/loan-applications/${id}/documents`, { schema: z.array(loanDocumentSchema), signal }),
    retry: false,
  });

export interface UploadApplicationDocument {
  id: number;
  kind: LoanDocumentKind;
  file: File;
}

/** POST /api/loan-applications/:id/documents (multipart: kind, then file) — 201 with the document. */
export function useUploadApplicationDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind, file }: UploadApplicationDocument) => {
      const form = new FormData();
      form.set('kind', kind);
      form.set('file', file);
      return apiUpload<LoanDocument>(`/loan-applications/${id}/documents`, form);
    },
    onSuccess: (_d, v) => void qc.invalidateQueries({ queryKey: key(v.id) }),
  });
}

/** GET …/documents/:docId/content, saved under the name it was filed with. */
export const downloadApplicationDocument = (d: LoanDocument) =>
  apiDownload(
    `/loan-applications/${d.applicationId}/documents/${encodeURIComponent(d.id)}/content`,
    d.fileName,
  );

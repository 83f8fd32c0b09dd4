import { useApiObjectUrl } from '@/hooks/use-api-object-url';

/** GET /api/customers/:custId/documents/:docId/content — the bytes, as a blob URL for <img>. */
export const documentContentPath = (id: number, docId: string) =>
  `/customers/${id}/documents/${encodeURIComponent(docId)}/content`;

export const useDocumentContent = (id: number, docId: string | null) =>
  useApiObjectUrl(docId ? documentContentPath(id, docId) : null);

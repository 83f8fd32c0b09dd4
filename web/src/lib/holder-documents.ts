import { useQuery } from '@tanstack/react-query';
import { customer360Schema, type CustomerDocumentKind } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** The holder's current document ids per kind, from GET /api/customers/:custId/360. */
export async function getHolderDocuments(
  customerId: number,
  signal?: AbortSignal,
): Promise<Partial<Record<CustomerDocumentKind, { id: string; contentType: string }>>> {
  const c = await api.get(`/customers/${customerId}/360`, { schema: customer360Schema, signal });
  return Object.fromEntries(
    c.documents.filter((d) => d.current).map((d) => [d.kind, { id: d.id, contentType: d.contentType }]),
  );
}

export function useHolderDocuments(customerId: number | undefined) {
  return useQuery({
    queryKey: ['holder-documents', customerId],
    queryFn: ({ signal }) => getHolderDocuments(customerId!, signal),
    enabled: customerId !== undefined,
    retry: false,
  });
}

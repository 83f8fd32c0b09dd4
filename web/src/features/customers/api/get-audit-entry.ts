import { useQuery } from '@tanstack/react-query';
import { auditDetailSchema, type AuditDetail } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/admin/audit/:id — one row with its details (e.g. who approved a four-eyes change). */
export function getAuditEntry(id: number, signal?: AbortSignal): Promise<AuditDetail> {
  return api.get(`/admin/audit/${id}`, { schema: auditDetailSchema, signal });
}

export function useAuditEntry(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['customer-audit-entry', id],
    queryFn: ({ signal }) => getAuditEntry(id, signal),
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}

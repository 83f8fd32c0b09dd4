import { useQuery } from '@tanstack/react-query';
import { auditDetailSchema, type AuditDetail } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

export function getAuditDetail(id: number, signal?: AbortSignal): Promise<AuditDetail> {
  return api.get(`/admin/audit/${id}`, { schema: auditDetailSchema, signal });
}

export function useAuditDetail(id: number | null) {
  return useQuery({
    queryKey: ['admin-audit-detail', id],
    queryFn: ({ signal }) => getAuditDetail(id!, signal),
    enabled: id !== null,
    retry: false,
  });
}

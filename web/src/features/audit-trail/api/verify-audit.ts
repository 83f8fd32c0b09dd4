import { useMutation } from '@tanstack/react-query';
import { auditVerifyResultSchema, type AuditVerifyResult } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** POST /api/admin/audit/verify — recomputes the hash chain. */
export function verifyAudit(): Promise<AuditVerifyResult> {
  return api.post('/admin/audit/verify', { schema: auditVerifyResultSchema });
}

export function useVerifyAudit() {
  return useMutation({ mutationFn: verifyAudit });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, auditRowSchema, type AuditRow, type Page } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

/**
 * GET /api/admin/audit?target=<custId> — the audit trail filtered to this customer (needs audit.read;
 * others see a 403 and the tab says so). The target is the plain id, as the server writes it.
 */
export function getCustomerAudit(id: number, page: number, signal?: AbortSignal): Promise<Page<AuditRow>> {
  return getPage('/admin/audit', auditRowSchema, {
    page,
    pageSize: AUDIT_PAGE_SIZE,
    params: { target: String(id) },
    signal,
  });
}

export function useCustomerAudit(id: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['customer-audit', id, page],
    queryFn: ({ signal }) => getCustomerAudit(id, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });
}

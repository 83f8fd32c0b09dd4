import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  AUDIT_PAGE_SIZE,
  auditRowSchema,
  type AuditFilters,
  type AuditRow,
  type Page,
} from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';
import { filterQuery } from './filter-query';

export type AuditPage = Page<AuditRow>;

/** GET /api/admin/audit — newest first; the total is in X-Total-Count. */
export function getAudit(f: AuditFilters, page: number, signal?: AbortSignal): Promise<AuditPage> {
  const params = Object.fromEntries(filterQuery(f));
  return getPage('/admin/audit', auditRowSchema, { page, pageSize: AUDIT_PAGE_SIZE, params, signal });
}

export function useAudit(f: AuditFilters, page: number) {
  return useQuery({
    queryKey: ['admin-audit', f, page],
    queryFn: ({ signal }) => getAudit(f, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

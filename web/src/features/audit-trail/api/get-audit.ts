import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AUDIT_PAGE_SIZE, auditRowSchema, type AuditFilters, type AuditRow } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';
import { filterQuery } from './filter-query';

export interface AuditPage {
  rows: AuditRow[];
  total: number;
}

const listSchema = z.array(auditRowSchema);

/** GET /api/admin/audit — newest first; the total is in X-Total-Count. */
export async function getAudit(f: AuditFilters, page: number, signal?: AbortSignal): Promise<AuditPage> {
  const q = filterQuery(f);
  q.set('page', String(page + 1));
  q.set('pageSize', String(AUDIT_PAGE_SIZE));
  let total = 0;
  const rows = await api.get(`/admin/audit?${q}`, {
    schema: listSchema,
    signal,
    onResponse: (res) => (total = Number(res.headers.get('x-total-count') ?? 0)),
  });
  return { rows, total };
}

export function useAudit(f: AuditFilters, page: number, enabled = true) {
  return useQuery({
    queryKey: ['admin-audit', f, page],
    queryFn: ({ signal }) => getAudit(f, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });
}

import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AUDIT_PAGE_SIZE,
  auditDetailSchema,
  auditRowSchema,
  auditVerifyResultSchema,
  type AuditDetail,
  type AuditFilters,
  type AuditRow,
  type AuditVerifyResult,
} from '@bankmanager/contracts';
import { api, apiDownload } from '@/lib/api-client';

export interface AuditPage {
  rows: AuditRow[];
  total: number;
}

/** The filters as a query string (empty values left out). */
export function filterQuery(f: AuditFilters): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (typeof v === 'string' && v.trim()) q.set(k, v.trim());
  return q;
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

/** GET /api/admin/audit/export — the CSV with the same filters. */
export function exportAudit(f: AuditFilters): Promise<void> {
  return apiDownload(`/admin/audit/export?${filterQuery(f)}`, `audit-${new Date().toISOString().slice(0, 10)}.csv`);
}

/** POST /api/admin/audit/verify — recomputes the hash chain. */
export function verifyAudit(): Promise<AuditVerifyResult> {
  return api.post('/admin/audit/verify', { schema: auditVerifyResultSchema });
}

export function useVerifyAudit() {
  return useMutation({ mutationFn: verifyAudit });
}

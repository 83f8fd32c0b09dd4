import type { AuditFilters } from '@bankmanager/contracts';
import { apiDownload } from '@/lib/api-client';
import { filterQuery } from './filter-query';

/** GET /api/admin/audit/export — the CSV with the same filters. */
export function exportAudit(f: AuditFilters): Promise<void> {
  return apiDownload(
    `/admin/audit/export?${filterQuery(f)}`,
    `audit-${new Date().toISOString().slice(0, 10)}.csv`,
  );
}

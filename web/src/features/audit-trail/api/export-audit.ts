import type { AuditFilters } from '@bankmanager/contracts';
import { auditExportFileName } from '@bankmanager/contracts/export-names';
import { apiDownload } from '@/lib/api-client';
import { filterQuery } from './filter-query';

/** GET /api/admin/audit/export — the CSV with the same filters, saved under the server's file name. */
export function exportAudit(f: AuditFilters): Promise<void> {
  return apiDownload(`/admin/audit/export?${filterQuery(f)}`, auditExportFileName());
}

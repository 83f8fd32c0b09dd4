import type { CustomerReport } from '@bankmanager/contracts';
import { apiDownload } from '@/lib/api-client';

export interface ReportRequest {
  report: CustomerReport;
  from: string;
  to: string;
  branch?: string;
  format: 'csv' | 'pdf';
}

/** GET /api/customers/reports/:report — the file, saved under a name with the report and period. */
export function downloadCustomerReport({ report, from, to, branch, format }: ReportRequest): Promise<void> {
  const q = new URLSearchParams({ from, to, format });
  if (branch) q.set('branch', branch);
  const name = `customers-${report}-${from}-${to}${branch ? `-${branch}` : ''}.${format}`;
  return apiDownload(`/customers/reports/${report}?${q}`, name);
}

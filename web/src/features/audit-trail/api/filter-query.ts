import type { AuditFilters } from '@bankmanager/contracts';

/** The filters as a query string (empty values left out). */
export function filterQuery(f: AuditFilters): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (typeof v === 'string' && v.trim()) q.set(k, v.trim());
  return q;
}

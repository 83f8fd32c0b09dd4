import { amlAlertQuerySchema, amlCaseQuerySchema } from '@bankmanager/contracts';

/** The lists' filters as they live in the URL: each read through the contract's own field. */
export const alertFiltersSchema = amlAlertQuerySchema
  .pick({ scenario: true, state: true, q: true, from: true, to: true, sort: true })
  .partial();
export const caseFiltersSchema = amlCaseQuerySchema
  .pick({ status: true, q: true, mine: true, sort: true })
  .partial();

/** The list's query string for its CSV export (the same filters, no paging). */
export function exportPath(path: string, params: Record<string, string | undefined>): string {
  const q = new URLSearchParams({ format: 'csv' });
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  return `${path}?${q}`;
}

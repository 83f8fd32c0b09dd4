import { useSearchParams } from 'react-router';
import type { CustomerFilters } from '../api/get-customers';

const KEYS = ['q', 'status', 'branch', 'risk', 'kyc', 'sort', 'dir'] as const;

/**
 * The list's filters, sort and page live in the query string, so a list can be bookmarked, shared and
 * survives Back from a customer's page. Changing a filter goes back to the first page.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const filters: CustomerFilters = {};
  for (const k of KEYS) {
    const v = params.get(k);
    if (v) filters[k] = v;
  }
  const page = Math.max(0, Number(params.get('page') ?? 1) - 1) || 0;
  const set = (changes: Partial<Record<(typeof KEYS)[number] | 'page', string | undefined>>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { filters, page, set };
}

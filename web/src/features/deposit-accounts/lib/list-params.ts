import { useSearchParams } from 'react-router';
import { pageFromParams } from '@/hooks/use-url-state';
import type { AccountListParams } from '../api/get-accounts';

export const FILTER_KEYS = ['q', 'status', 'product', 'branch', 'sort', 'order'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type ListChange = Partial<Record<FilterKey | 'page' | 'account', string | undefined>>;

/**
 * The list's filters, sort, page and the open account live in the query string: a list can be
 * bookmarked and shared, and Back from an account returns to the same page. A filter change goes back
 * to page 1.
 */
export function useAccountListParams() {
  const [params, setParams] = useSearchParams();
  const filters: AccountListParams = {};
  for (const k of FILTER_KEYS) {
    const v = params.get(k);
    if (v) filters[k] = v;
  }
  const page = pageFromParams(params);
  const account = params.get('account');
  const set = (changes: ListChange) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      if (!('page' in changes) && !('account' in changes)) next.delete('page');
      return next;
    });
  return { filters, page, account, set };
}

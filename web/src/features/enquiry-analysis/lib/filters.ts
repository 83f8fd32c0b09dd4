import { useSearchParams } from 'react-router';
import { snapshotQuerySchema } from '@bankmanager/contracts';

/** The filters both screens share, as they stand in the URL (null: not chosen). */
export interface Filters {
  branch: string | null;
  product: string | null;
}

const shape = snapshotQuerySchema.shape;

/** The first message of the server's own schema for one field, or null when the value passes. */
export const fieldError = (field: 'date' | 'branch' | 'product', value: string | null): string | null => {
  if (value === null || value === '') return null;
  const r = shape[field].safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'Invalid');
};

/**
 * The screen's filters kept in the URL, so a link or a reload shows the same figures; `set` changes
 * one and keeps the rest (null removes it; '' keeps an emptied field empty rather than its default).
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const get = (k: string) => params.get(k) || null;
  /** The value as written, '' included (a field the person emptied), null when absent. */
  const raw = (k: string) => params.get(k);
  const set = (k: string, v: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (v !== null) next.set(k, v);
        else next.delete(k);
        return next;
      },
      { replace: true },
    );
  return { get, raw, set };
}

/** The branch and product to send: only values the server's schema would accept. */
export const validFilters = (f: Filters): Filters => ({
  branch: fieldError('branch', f.branch) ? null : f.branch,
  product: fieldError('product', f.product) ? null : f.product,
});

import { accountListQuerySchema, accountNumberSchema } from '@bankmanager/contracts';
import { useUrlList, useUrlParams } from '@/hooks/use-url-state';
import type { AccountListParams } from '../api/get-accounts';

const accountFiltersSchema = accountListQuerySchema.pick({
  q: true,
  status: true,
  product: true,
  branch: true,
  sort: true,
  order: true,
});
export type FilterKey = keyof typeof accountFiltersSchema.shape;
export type ListChange = Partial<Record<FilterKey | 'page' | 'account', string | undefined>>;

/**
 * The list's filters, sort, page and the open account live in the query string, through the shared
 * useUrlList: a list can be bookmarked and shared, Back from an account returns to the same page, and
 * a hand-edited value the server would refuse is dropped rather than sent. A filter change goes back
 * to page 1; opening or closing an account keeps the page.
 */
export function useAccountListParams() {
  const list = useUrlList(accountFiltersSchema);
  const [params, setParams] = useUrlParams();
  const inUrl = accountNumberSchema.safeParse(params.get('account'));
  const set = (change: ListChange) => {
    const { page, account, ...filters } = change;
    if ('page' in change) list.setPage(Number(page) - 1);
    else if ('account' in change) setParams({ account: account ?? null });
    else list.patchFilters(filters);
  };
  return {
    filters: list.filters as AccountListParams,
    page: list.page,
    account: inUrl.success ? inUrl.data : null,
    set,
  };
}

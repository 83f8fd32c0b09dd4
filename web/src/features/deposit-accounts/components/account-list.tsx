import { Pagination } from '@/components/ui/pagination';
import { ACCOUNTS_PAGE_SIZE, useAccounts } from '../api/get-accounts';
import { useBusinessDate } from '@/lib/business-date';
import { useBranch } from '@/lib/branch';
import { useAccountListParams } from '../lib/list-params';
import { ACCOUNT_KIND_TYPES, type ListScreen } from '../lib/screens';
import { AccountFilters } from './account-filters';
import { AccountTable } from './account-table';

/**
 * The one account list every Account-menu list screen uses: the screen fixes some filters (type,
 * status, overdrawn) and its columns; the user's filters, sort and page live in the URL.
 */
export function AccountList({ screen }: { screen: ListScreen }) {
  const { filters: inUrl, page, set } = useAccountListParams();
  // An officer works one branch, chosen in the header: it is the default branch filter, but a branch
  // in the URL (a shared link, a chosen filter) wins.
  const { branch } = useBranch();
  const filters = { ...inUrl, branch: inUrl.branch ?? branch ?? undefined };
  const sort = filters.sort ?? screen.defaultSort ?? 'number';
  const order = filters.order === 'desc' ? 'desc' : 'asc';
  const list = useAccounts({ ...filters, ...screen.fixed, sort, order }, page);
  const needsDate = screen.columns.includes('overdrawn');
  const businessDate = useBusinessDate();
  return (
    <div className="grid gap-4">
      <AccountFilters
        type={ACCOUNT_KIND_TYPES[screen.kind]}
        filters={filters}
        showStatus={!screen.fixed.status}
        onChange={set}
      />
      {list.isError ? (
        <p role="alert" className="text-destructive">
          {list.error.message}
        </p>
      ) : null}
      {list.isPending ? <p role="status">Loading accounts…</p> : null}
      {list.data ? (
        <>
          <AccountTable
            caption={screen.title}
            rows={list.data.rows}
            columns={screen.columns}
            sort={sort}
            order={order}
            onSort={(s, o) => set({ sort: s, order: o })}
            onOpen={(n) => set({ account: n })}
            businessDate={needsDate ? businessDate.data?.business_date : undefined}
          />
          {list.data.rows.length === 0 ? <p role="status">No accounts match.</p> : null}
          <Pagination
            page={page}
            pageSize={ACCOUNTS_PAGE_SIZE}
            total={list.data.total}
            onPage={(p) => set({ page: String(p + 1) })}
            busy={list.isPlaceholderData}
          />
        </>
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { Search } from 'lucide-react';
import {
  REGISTERED_USER_SORTS,
  REGISTERED_USERS_PAGE_SIZE,
  REGISTERED_USERS_TEXT as T,
  registeredUsersQuerySchema,
  SEARCH_DEBOUNCE_MS,
  type RegisteredUser,
  type RegisteredUserSort,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { pageFromParams, useUrlParams, useUrlSearch } from '@/hooks/use-url-state';
import { ApiError } from '@/lib/api-client';
import { useRegisteredUsers } from '../api/get-registered-users';
import { useBranch } from '@/lib/branch';
import { Pagination } from '@/components/ui/pagination';
import { SubscriptionForm } from '../components/subscription-form';
import { UsersTable, type SortState } from '../components/users-table';
import { useDocumentTitle } from '@/hooks/use-document-title';

function loadErrorText(err: Error): string {
  if (err instanceof ApiError)
    return err.statusText ? T.loadError(err.statusText) : err.message || T.loadFailed;
  return err.message ? T.loadError(err.message) : T.loadFailed;
}

/**
 * docs/product.md §2.7 "Registered Mobile Banking Users screen"; search, sort and paging happen in the
 * database.
 */
export function RegisteredUsersRoute() {
  useDocumentTitle(T.title);
  // Search, sort and page live in the query string, so a reload or a shared link restores them (B.8).
  const search = useUrlSearch('q', SEARCH_DEBOUNCE_MS, registeredUsersQuerySchema.shape.q);
  const q = search.term;
  const [params, setParams] = useUrlParams();
  const sortParam = params.get('sort');
  const sort: SortState = {
    key: REGISTERED_USER_SORTS.find((k) => k === sortParam) ?? 'id',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
  const page = pageFromParams(params);
  const setPage = (p: number) => setParams({ page: p > 0 ? p + 1 : null });
  const [selected, setSelected] = useState<RegisteredUser | null>(null);
  const [form, setForm] = useState<'closed' | 'add' | 'edit'>('closed');
  // The header's branch scopes the list, as it does the customers list: staff see their branch's users.
  const { branch } = useBranch();
  const users = useRegisteredUsers({
    q,
    sort: sort.key,
    order: sort.order,
    page,
    branch: branch ?? undefined,
  });

  const onSort = (key: RegisteredUserSort, order: 'asc' | 'desc') => {
    setParams({ sort: key === 'id' ? null : key, order: order === 'asc' ? null : order, page: null });
  };
  const onSelect = (row: RegisteredUser) => {
    if (form !== 'closed' && row.cust_id !== selected?.cust_id) setForm('closed');
    setSelected(row);
  };

  const data = users.data;
  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-5 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{T.title}</h1>
        <Button asChild variant="outline">
          <Link to={paths.dashboard}>Back to Dashboard</Link>
        </Button>
      </div>
      <div className="relative max-w-md">
        <Search
          className="text-muted-foreground pointer-events-none absolute top-3 left-3 size-4"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search registered users"
          placeholder={T.searchPlaceholder}
          value={search.text}
          onChange={(e) => search.onChange(e.target.value)}
          className="pl-9"
        />
      </div>
      {data?.sample && (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          Showing sample data: the server could not be reached. These rows are not real customers and cannot
          be edited.{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void users.refetch()}>
            Retry
          </Button>
        </p>
      )}
      {users.isPending ? (
        <p role="status">{T.loading}</p>
      ) : users.isError ? (
        <div
          role="alert"
          className="border-destructive bg-destructive/10 text-destructive rounded-md border p-4 text-sm"
        >
          {loadErrorText(users.error)}
        </div>
      ) : data && data.rows.length === 0 ? (
        <div className="rounded-md border p-8 text-center">
          {q ? (
            <>
              <p>{T.noResults(q)}</p>
              <Button variant="link" onClick={() => search.onChange('')}>
                {T.clearSearch}
              </Button>
            </>
          ) : (
            <p>{T.empty}</p>
          )}
        </div>
      ) : data ? (
        <>
          <UsersTable
            rows={data.rows}
            sort={sort}
            onSort={onSort}
            selectedId={data.sample ? null : (selected?.cust_id ?? null)}
            onSelect={data.sample ? undefined : onSelect}
          />
          <Pagination
            page={page}
            pageSize={REGISTERED_USERS_PAGE_SIZE}
            total={data.total}
            onPage={setPage}
            busy={users.isPlaceholderData}
          />
        </>
      ) : null}
      <div className="flex justify-end gap-2">
        {selected && !data?.sample && (
          <Button variant="secondary" onClick={() => setForm('edit')}>
            Edit Subscription
          </Button>
        )}
        <Button onClick={() => setForm('add')}>Add Subscription</Button>
      </div>
      {form !== 'closed' && (
        <SubscriptionForm
          key={`${form}-${selected?.cust_id ?? 'new'}`}
          editing={form === 'edit' ? selected : null}
          onClose={() => setForm('closed')}
          onSaved={(saved) => {
            setSelected((s) => (s?.cust_id === saved.cust_id ? saved : s));
            // Focus goes back to the updated row once the form has closed, so a keyboard user carries on
            // from where they were rather than from the top of the page.
            requestAnimationFrame(() =>
              document.querySelector<HTMLElement>(`[data-cust-id="${saved.cust_id}"]`)?.focus(),
            );
          }}
        />
      )}
    </main>
  );
}

export default RegisteredUsersRoute;

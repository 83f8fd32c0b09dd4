import { Link } from 'react-router';
import { customerListQuerySchema } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { useBranch } from '@/lib/branch';
import { usePermissions } from '@/lib/permissions';
import { CUSTOMERS_PAGE_SIZE, useCustomers } from '../api/get-customers';
import { CustomerFilters } from '../components/customer-filters';
import { CustomerTable } from '../components/customer-table';
import { KIND_ROUTES, KIND_TITLES, type KindRoute } from '../lib/kinds';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useUrlList } from '@/hooks/use-url-state';

const customerFiltersSchema = customerListQuerySchema.pick({
  q: true,
  status: true,
  branch: true,
  risk: true,
  kyc: true,
  sort: true,
  dir: true,
});

/** /customers/<kind>: one kind's customers, searched, filtered, sorted and paged by the server. */
export function CustomerListRoute({ kind }: { kind: KindRoute }) {
  useDocumentTitle(KIND_TITLES[kind]);
  // The filters, sort and page live in the query string, so a list can be bookmarked, shared and
  // survives Back from a customer's page; a hand-edited value the server would refuse is dropped.
  const { filters: inUrl, page, setPage, patchFilters } = useUrlList(customerFiltersSchema);
  // The header's branch is the default branch filter; one in the URL wins.
  const { branch } = useBranch();
  const filters = { ...inUrl, branch: inUrl.branch ?? branch ?? undefined };
  const { can } = usePermissions();
  const sort = filters.sort ?? 'name';
  const dir = filters.dir === 'desc' ? 'desc' : 'asc';
  const list = useCustomers({ ...filters, type: KIND_ROUTES[kind], sort, dir }, page);
  const title = KIND_TITLES[kind];
  return (
    <main className="mx-auto w-full max-w-7xl space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{title}</h1>
        {can('customers.create') ? (
          <Button asChild>
            <Link to={`/customers/${kind}/new`}>New customer</Link>
          </Button>
        ) : null}
      </div>
      <CustomerFilters filters={filters} onChange={patchFilters} />
      {list.isError ? (
        <p role="alert" className="text-destructive">
          {list.error.message}
        </p>
      ) : null}
      {list.isPending ? <p role="status">Loading customers...</p> : null}
      {list.data ? (
        <>
          <CustomerTable
            caption={title}
            rows={list.data.rows}
            sort={sort}
            dir={dir}
            onSort={(s, d) => patchFilters({ sort: s, dir: d })}
          />
          {list.data.rows.length === 0 ? <p role="status">No customers match.</p> : null}
          <Pagination
            page={page}
            pageSize={CUSTOMERS_PAGE_SIZE}
            total={list.data.total}
            onPage={setPage}
            busy={list.isPlaceholderData}
          />
        </>
      ) : null}
    </main>
  );
}

import { z } from 'zod';
import { LOAN_SORTS, LOAN_STATUSES, type LoanListQuery } from '@bankmanager/contracts';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { useUrlList } from '@/hooks/use-url-state';
import { LOANS_PAGE_SIZE, useLoans } from '../api/get-loans';
import { LoanTable } from '../components/loan-table';

/** The list's state in the URL: each value read through its own schema, so a bad one drops alone. */
const listSchema = z.object({
  status: z.enum(LOAN_STATUSES).optional(),
  branch: z
    .string()
    .regex(/^[A-Z0-9]{1,8}$/)
    .optional(),
  product: z
    .string()
    .regex(/^[A-Z0-9-]{2,12}$/)
    .optional(),
  account: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
  sort: z.enum(LOAN_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});

type Sort = LoanListQuery['sort'];

/**
 * Loans, paged and sorted by the server, filters in the URL. `status` fixed: Closed Loans shows only
 * the Closed ones and offers no status filter.
 */
export function LoanList({ status, caption }: { status?: LoanListQuery['status']; caption: string }) {
  const { filters, page, patchFilters, setPage } = useUrlList(listSchema);
  const sort: Sort = filters.sort ?? 'disbursed';
  const order = filters.order ?? 'desc';
  const list = useLoans({
    page,
    sort,
    order,
    status: status ?? filters.status,
    branch: filters.branch,
    product: filters.product,
    account: filters.account,
  });
  return (
    <div className="space-y-3">
      <form
        role="search"
        aria-label="Filter the loans"
        className="grid gap-3 sm:grid-cols-4"
        onSubmit={(e) => e.preventDefault()}
      >
        {status ? null : (
          <Field id="loans-status" label="Status">
            <Select
              value={filters.status ?? ''}
              onChange={(e) => patchFilters({ status: e.target.value || undefined })}
            >
              <option value="">Any status</option>
              {LOAN_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Field id="loans-account" label="Account number starts with">
          <Input
            inputMode="numeric"
            defaultValue={filters.account ?? ''}
            onBlur={(e) => patchFilters({ account: e.target.value.replace(/\D/g, '') || undefined })}
          />
        </Field>
        <Field id="loans-branch" label="Branch code">
          <Input
            defaultValue={filters.branch ?? ''}
            onBlur={(e) => patchFilters({ branch: e.target.value.trim().toUpperCase() || undefined })}
          />
        </Field>
        <Field id="loans-product" label="Product code">
          <Input
            defaultValue={filters.product ?? ''}
            onBlur={(e) => patchFilters({ product: e.target.value.trim().toUpperCase() || undefined })}
          />
        </Field>
      </form>
      {list.isPending ? <p role="status">Loading the loans…</p> : null}
      {list.isError ? (
        <p role="alert" className="text-destructive">
          {list.error.message}
        </p>
      ) : null}
      {list.data && list.data.total === 0 ? <p role="status">No loans match.</p> : null}
      {list.data && list.data.total > 0 ? (
        <>
          <div className="overflow-x-auto">
            <LoanTable
              caption={caption}
              rows={list.data.rows}
              sort={sort}
              order={order}
              onSort={(s, o) => patchFilters({ sort: s, order: o })}
            />
          </div>
          <Pagination
            page={page}
            pageSize={LOANS_PAGE_SIZE}
            total={list.data.total}
            busy={list.isPlaceholderData}
            onPage={setPage}
          />
        </>
      ) : null}
    </div>
  );
}

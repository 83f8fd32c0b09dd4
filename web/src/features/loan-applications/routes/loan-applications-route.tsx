import { z } from 'zod';
import {
  LOAN_APPLICATION_SORTS,
  LOAN_APPLICATION_STATUSES,
  type LoanApplicationListQuery,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useUrlList, useUrlParams } from '@/hooks/use-url-state';
import { usePermissions } from '@/lib/permissions';
import { LOAN_APPLICATIONS_PAGE_SIZE, useLoanApplications } from '../api/loan-applications';
import { ApplicationDetail } from '../components/application-detail';
import { ApplicationForm } from '../components/application-form';
import { ApplicationTable } from '../components/application-table';

/** The list's state in the URL: each value read through its own schema, so a bad one drops alone. */
const listSchema = z.object({
  status: z.enum(LOAN_APPLICATION_STATUSES).optional(),
  branch: z
    .string()
    .regex(/^[A-Z0-9]{1,8}$/)
    .optional(),
  product: z
    .string()
    .regex(/^[A-Z0-9-]{2,12}$/)
    .optional(),
  officer: z.uuid().optional(),
  sort: z.enum(LOAN_APPLICATION_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});

/**
 * Account → Loan → Loan Applications: the list (filters, sort and page in the URL), `?new` the
 * application form, `?id=` one application with its appraisal and actions.
 */
export function LoanApplicationsRoute() {
  useDocumentTitle('Loan Applications');
  const [params, set] = useUrlParams();
  const { can } = usePermissions();
  const id = Number(params.get('id')) || null;
  const creating = params.has('new');
  return (
    <main className="mx-auto w-full max-w-6xl space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Loan Applications</h1>
        {!creating && !id && can('loans.apply') ? (
          <Button type="button" onClick={() => set({ new: '1' })}>
            New application
          </Button>
        ) : null}
        {creating || id ? (
          <Button type="button" variant="outline" onClick={() => set({ new: null, id: null })}>
            Back to the list
          </Button>
        ) : null}
      </div>
      {creating ? (
        <ApplicationForm
          onSaved={(newId) => set({ new: null, id: newId })}
          onCancel={() => set({ new: null })}
        />
      ) : null}
      {id && !creating ? <ApplicationDetail id={id} /> : null}
      {!creating && !id ? <ApplicationList /> : null}
    </main>
  );
}

type Sort = LoanApplicationListQuery['sort'];

function ApplicationList() {
  const { filters, page, patchFilters, setPage } = useUrlList(listSchema);
  const sort: Sort = filters.sort ?? 'created';
  const order = filters.order ?? 'desc';
  const list = useLoanApplications({
    page,
    sort,
    order,
    status: filters.status,
    branch: filters.branch,
    product: filters.product,
    officer: filters.officer,
  });
  return (
    <div className="space-y-3">
      <form
        role="search"
        aria-label="Filter the applications"
        className="grid gap-3 sm:grid-cols-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <Field id="loan-apps-status" label="Status">
          <Select
            value={filters.status ?? ''}
            onChange={(e) => patchFilters({ status: e.target.value || undefined })}
          >
            <option value="">Any status</option>
            {LOAN_APPLICATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="loan-apps-branch" label="Branch code">
          <Input
            defaultValue={filters.branch ?? ''}
            onBlur={(e) => patchFilters({ branch: e.target.value.trim().toUpperCase() || undefined })}
          />
        </Field>
        <Field id="loan-apps-product" label="Product code">
          <Input
            defaultValue={filters.product ?? ''}
            onBlur={(e) => patchFilters({ product: e.target.value.trim().toUpperCase() || undefined })}
          />
        </Field>
      </form>
      {list.isPending ? <p role="status">Loading the applications…</p> : null}
      {list.isError ? (
        <p role="alert" className="text-destructive">
          {list.error.message}
        </p>
      ) : null}
      {list.data && list.data.total === 0 ? <p role="status">No applications match.</p> : null}
      {list.data && list.data.total > 0 ? (
        <>
          <div className="overflow-x-auto">
            <ApplicationTable
              rows={list.data.rows}
              sort={sort}
              order={order}
              onSort={(s, o) => patchFilters({ sort: s, order: o })}
            />
          </div>
          <Pagination
            page={page}
            pageSize={LOAN_APPLICATIONS_PAGE_SIZE}
            total={list.data.total}
            busy={list.isPlaceholderData}
            onPage={setPage}
          />
        </>
      ) : null}
    </div>
  );
}

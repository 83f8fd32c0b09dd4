import { useSearchParams } from 'react-router';
import { LOAN_PRODUCT_SORTS, type LoanProductListQuery } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { LOAN_PRODUCTS_PAGE_SIZE, useLoanProducts } from '../api/get-loan-products';
import { CreateLoanProductForm } from '../components/create-loan-product-form';
import { LoanClassBuckets } from '../components/loan-class-buckets';
import { LoanProductDetail } from '../components/loan-product-detail';
import { LoanProductTable } from '../components/loan-product-table';

/**
 * Account → Loan → Loan Administration: the list, `?new` the new-product form, `?code=` one product's
 * versions and change form. Search params, not sub-routes, so Back works and a product can be linked to.
 */
export function LoanAdministrationRoute() {
  useDocumentTitle('Loan Administration');
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  const creating = params.has('new');
  // `?classes`: the loan classes' buckets and cure count (ADR 0067).
  const classes = params.has('classes');
  return (
    <main className="mx-auto w-full max-w-6xl space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Loan Administration</h1>
        {!creating && !code && !classes ? (
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={() => setParams({ new: '' })}>
              New loan product
            </Button>
            <Button type="button" variant="outline" onClick={() => setParams({ classes: '' })}>
              Loan classes
            </Button>
          </div>
        ) : null}
        {classes ? (
          <Button type="button" variant="outline" onClick={() => setParams({})}>
            Loan products
          </Button>
        ) : null}
      </div>
      {classes ? <LoanClassBuckets /> : null}
      {creating && !classes ? <CreateLoanProductForm onClose={() => setParams({})} /> : null}
      {code && !creating && !classes ? <LoanProductDetail code={code} /> : null}
      {!creating && !code && !classes ? <LoanProductList /> : null}
    </main>
  );
}

type Sort = LoanProductListQuery['sort'];
const sortOf = (s: string | null): Sort => LOAN_PRODUCT_SORTS.find((x) => x === s) ?? 'code';

/** The list's page and sort live in the URL, so a reload or a shared link shows the same page. */
function LoanProductList() {
  const [params, setParams] = useSearchParams();
  const sort = sortOf(params.get('sort'));
  const order = params.get('order') === 'desc' ? 'desc' : 'asc';
  const page = Math.max(0, Number(params.get('page') ?? '1') - 1) || 0;
  const list = useLoanProducts({ page, sort, order });
  const go = (next: { page?: number; sort?: Sort; order?: 'asc' | 'desc' }) =>
    setParams({
      sort: next.sort ?? sort,
      order: next.order ?? order,
      page: String((next.page ?? page) + 1),
    });
  if (list.isPending) return <p role="status">Loading the loan products…</p>;
  if (list.isError)
    return (
      <p role="alert" className="text-destructive">
        {list.error.message}
      </p>
    );
  if (list.data.total === 0) return <p role="status">No loan products yet.</p>;
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto">
        <LoanProductTable
          products={list.data.rows}
          sort={sort}
          order={order}
          onSort={(s, o) => go({ sort: s, order: o, page: 0 })}
        />
      </div>
      <Pagination
        page={page}
        pageSize={LOAN_PRODUCTS_PAGE_SIZE}
        total={list.data.total}
        busy={list.isPlaceholderData}
        onPage={(p) => go({ page: p })}
      />
    </div>
  );
}

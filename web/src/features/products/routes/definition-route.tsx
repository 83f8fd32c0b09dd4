import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useBusinessDate } from '@/lib/business-date';
import { useProducts } from '../api/get-products';
import { CreateProductForm } from '../components/create-product-form';
import { ProductDetail } from '../components/product-detail';
import { ProductTable } from '../components/product-table';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /products/definition: the list, `?new` the new-product form, `?code=` one product's detail and
 * change form. Search params, not sub-routes, so Back works and a product can be linked to.
 */
export function ProductDefinitionRoute() {
  useDocumentTitle('Product Definition');
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  const creating = params.has('new');
  const date = useBusinessDate();
  const businessDate = date.data?.business_date ?? '';
  return (
    <main className="mx-auto w-full max-w-6xl space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Product Definition</h1>
        {!creating && !code ? (
          <Button type="button" onClick={() => setParams({ new: '' })}>
            New product
          </Button>
        ) : null}
      </div>
      {date.isError ? (
        <p role="alert" className="text-destructive">
          {date.error.message}
        </p>
      ) : null}
      {/* Both forms need the business date: a terms version never starts before it. */}
      {(creating || code) && !businessDate && !date.isError ? <p role="status">Loading…</p> : null}
      {creating && businessDate ? (
        <CreateProductForm businessDate={businessDate} onClose={() => setParams({})} />
      ) : null}
      {code && businessDate ? <ProductDetail code={code} businessDate={businessDate} /> : null}
      {!creating && !code ? <ProductList /> : null}
    </main>
  );
}

function ProductList() {
  const list = useProducts();
  if (list.isPending) return <p role="status">Loading the products…</p>;
  if (list.isError)
    return (
      <p role="alert" className="text-destructive">
        {list.error.message}
      </p>
    );
  return list.data.length ? <ProductTable products={list.data} /> : <p role="status">No products yet.</p>;
}

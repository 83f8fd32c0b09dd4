import { useProductDetails } from '../api/get-product';
import { useProducts } from '../api/get-products';
import { TermsComparison } from '../components/terms-comparison';
import { VersionHistory } from '../components/version-history';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /products/pricing: the terms in force side by side, then each product's versions, newest first. */
export function ProductPricingRoute() {
  useDocumentTitle('Pricing');
  const list = useProducts();
  const details = useProductDetails(list.data?.map((p) => p.code) ?? []);
  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">Pricing</h1>
      {list.isPending ? <p role="status">Loading the products…</p> : null}
      {list.isError ? (
        <p role="alert" className="text-destructive">
          {list.error.message}
        </p>
      ) : null}
      {list.data ? <TermsComparison products={list.data} /> : null}
      {list.data?.length ? <h2 className="text-xl font-semibold">Version history</h2> : null}
      {list.data?.map((p, i) => {
        const detail = details[i];
        return (
          <section key={p.code} aria-labelledby={`history-${p.code}`} className="space-y-2">
            <h3 id={`history-${p.code}`} className="font-semibold">
              <span className="font-mono">{p.code}</span> {p.name}
            </h3>
            {detail?.data ? <VersionHistory product={detail.data} /> : null}
            {detail?.isPending ? <p role="status">Loading the versions…</p> : null}
            {detail?.isError ? (
              <p role="alert" className="text-destructive">
                {detail.error.message}
              </p>
            ) : null}
          </section>
        );
      })}
    </main>
  );
}

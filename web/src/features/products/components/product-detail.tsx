import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { useProduct } from '../api/get-product';
import { GL_FIELDS } from './gl-fields';
import { EditProductForm } from './edit-product-form';
import { VersionHistory } from './version-history';

/** One product: what it is, its versions, and the form that asks for a change. */
export function ProductDetail({ code, businessDate }: { code: string; businessDate: string }) {
  const product = useProduct(code);
  if (product.isPending) return <p role="status">Loading the product…</p>;
  if (product.isError)
    return (
      <p role="alert" className="text-destructive">
        {product.error.message}
      </p>
    );
  const p = product.data;
  return (
    <section aria-labelledby="product-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="product-heading" className="text-xl font-semibold">
          <span className="font-mono">{p.code}</span> {p.name}{' '}
          <Badge variant={p.status === 'active' ? 'secondary' : 'outline'}>{p.status}</Badge>
        </h2>
        <Link className="text-sm underline" to="?">
          Back to the products
        </Link>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <div className="contents">
          <dt className="text-muted-foreground">Type and currency</dt>
          <dd>
            {p.accountType}, {p.currency}
          </dd>
        </div>
        {GL_FIELDS.map(([key, label]) => (
          <div key={key} className="contents">
            <dt className="text-muted-foreground">{label} GL</dt>
            <dd className="font-mono">{p.gl[key]}</dd>
          </div>
        ))}
      </dl>
      <VersionHistory product={p} />
      <h3 className="text-lg font-semibold">Ask for a change</h3>
      {/* keyed: an approved change refetches the product, and the form starts again from it */}
      <EditProductForm
        key={`${p.code}-${p.versions.length}-${p.name}-${p.status}`}
        product={p}
        businessDate={businessDate}
      />
    </section>
  );
}

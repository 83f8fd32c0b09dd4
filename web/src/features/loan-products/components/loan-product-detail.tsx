import { Link } from 'react-router';
import { LOAN_LABELS, LOAN_PRODUCT_TEXT } from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';
import { ApiError } from '@/lib/api-client';
import { useLoanProduct } from '../api/get-loan-product';
import { showPercent } from '../lib/show';
import { ChangeLoanProductForm } from './change-loan-product-form';
import { LOAN_GL_FIELDS } from './gl-fields';
import { LoanVersions } from './loan-versions';

/** One loan product: what it is, its versions, and the form that asks for a change. */
export function LoanProductDetail({ code }: { code: string }) {
  const product = useLoanProduct(code);
  if (product.isPending) return <p role="status">Loading the loan product…</p>;
  if (product.isError)
    return (
      <p role="alert" className="text-destructive">
        {product.error instanceof ApiError && product.error.status === 404
          ? LOAN_PRODUCT_TEXT.notFound
          : product.error.message}
      </p>
    );
  const p = product.data;
  const t = p.terms;
  const facts: [string, string][] = [
    ['Currency', p.currency],
    [
      'Interest',
      `${LOAN_LABELS.interestMethod[t.interestMethod]}, ${LOAN_LABELS.frequency[t.repaymentFrequency]}`,
    ],
    ['Grace allowed', `${t.grace.maxPrincipalOnly} principal-only, ${t.grace.maxFull} full`],
    [
      'Late-payment penalty',
      `${t.penalty.kind === 'percent' ? showPercent(t.penalty.value) + ' of the overdue instalment' : t.penalty.value} after ${t.penalty.toleranceDays} days`,
    ],
    ['Insurance', t.insuranceRate ? `${showPercent(t.insuranceRate)} a year` : 'None'],
    ['Repayments pay', t.allocationOrder.map((a) => LOAN_LABELS.allocation[a]).join(' → ')],
    ['Prepayment', LOAN_LABELS.prepayment[t.prepayment]],
    [
      'Debt-service ratio',
      t.maxDebtServiceRatio ? `${showPercent(t.maxDebtServiceRatio)} of net salary` : 'No limit',
    ],
    ...LOAN_GL_FIELDS.map(([key, label]): [string, string] => [`${label} GL`, p.gl[key]]),
  ];
  return (
    <section aria-labelledby="loan-product-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="loan-product-heading" className="text-xl font-semibold">
          <span className="font-mono">{p.code}</span> {p.name}{' '}
          <Badge variant={p.status === 'active' ? 'secondary' : 'outline'}>{p.status}</Badge>
        </h2>
        <Link className="text-sm underline" to="?">
          Back to the loan products
        </Link>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto">
        <LoanVersions product={p} />
      </div>
      <h3 className="text-lg font-semibold">Ask for a change</h3>
      {/* keyed: an approved change refetches the product, and the form starts again from it */}
      <ChangeLoanProductForm key={`${p.code}-${p.version}-${p.name}-${p.status}`} product={p} />
    </section>
  );
}

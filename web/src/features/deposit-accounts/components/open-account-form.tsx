import { useState } from 'react';
import {
  accountNumberProblem,
  CURRENCIES,
  formatAccountNumber,
  normaliseAccountNumber,
  padCustomerId,
  ROLLOVER_OPTIONS,
  type AccountOpen,
  type CustomerListRow,
  type DepositProductType,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field, FieldError, FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { useProducts } from '../api/get-products';
import { useOpenAccount } from '../api/open-account';
import { errorText, fieldErrorsFrom, formLevelError } from '../lib/server-errors';
import { CustomerPicker } from '@/components/customer/customer-picker';

const ROLLOVER_LABELS = {
  none: 'No rollover: pay out at maturity',
  principal: 'Roll over the principal, pay out the interest',
  principal_and_interest: 'Roll over principal and interest',
} as const;

/** Joint and organisation customers sign under a mandate in one currency; individuals do not. */
const hasMandate = (c: CustomerListRow) => c.type !== 'private' && c.type !== 'employee';

/**
 * Opens an account of one type: customer, product and, for fixed deposits, tenor, rollover and payout
 * account. The answer is a request for a checker, so the screen says "Sent for approval".
 */
export function OpenAccountForm({ type, onClose }: { type: DepositProductType; onClose: () => void }) {
  const [customer, setCustomer] = useState<CustomerListRow | null>(null);
  const [v, setV] = useState({
    productCode: '',
    mandateCurrency: '',
    tenorMonths: '',
    rollover: '',
    payoutAccount: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const products = useProducts(type);
  const open = useOpenAccount();
  const fd = type === 'Fixed Deposit';
  const product = products.data?.find((p) => p.code === v.productCode);
  const set = (k: keyof typeof v) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setV((old) => ({ ...old, [k]: e.target.value }));

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (!customer) problems.custId = 'Choose a customer';
    if (!v.productCode) problems.productCode = 'Choose a product';
    if (customer && hasMandate(customer) && !v.mandateCurrency)
      problems.mandateCurrency = 'Choose the mandate currency';
    if (fd && !v.tenorMonths) problems.tenorMonths = 'Choose a tenor';
    if (fd && !v.rollover) problems.rollover = 'Choose what happens at maturity';
    if (fd && v.payoutAccount) problems.payoutAccount = accountNumberProblem(v.payoutAccount) ?? '';
    for (const k of Object.keys(problems)) if (!problems[k]) delete problems[k];
    setErrors(problems);
    if (Object.keys(problems).length || !customer) return;
    const body: AccountOpen = {
      custId: customer.id,
      productCode: v.productCode,
      mandateCurrency: hasMandate(customer)
        ? (v.mandateCurrency as AccountOpen['mandateCurrency'])
        : undefined,
      tenorMonths: fd ? Number(v.tenorMonths) : undefined,
      rollover: fd ? (v.rollover as AccountOpen['rollover']) : undefined,
      payoutAccount: fd && v.payoutAccount ? normaliseAccountNumber(v.payoutAccount) : undefined,
    };
    open.mutate(body, { onError: (err) => setErrors(fieldErrorsFrom(err)) });
  }

  if (open.data)
    return (
      <section aria-labelledby="opened-title" className="bg-card grid gap-3 rounded-lg border p-4">
        <h2 id="opened-title" className="text-lg font-semibold">
          Sent for approval
        </h2>
        <p role="status">
          Account <span className="font-mono">{formatAccountNumber(open.data.accountNumber)}</span> is
          Submitted (request {open.data.approvalId}). A checker approves it in the approvals inbox; then
          activate it.
        </p>
        <Button variant="outline" className="justify-self-start" onClick={onClose}>
          Done
        </Button>
      </section>
    );

  const refusal = formLevelError(open.error);
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Open account"
      className="bg-card grid gap-4 rounded-lg border p-4"
    >
      <h2 className="text-lg font-semibold">Open a {type.toLowerCase()} account</h2>
      {customer ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          Customer: <strong>{customer.name}</strong>{' '}
          <span className="font-mono">{padCustomerId(customer.id)}</span> ({customer.status})
          <Button type="button" size="sm" variant="outline" onClick={() => setCustomer(null)}>
            Change customer
          </Button>
        </p>
      ) : (
        <CustomerPicker
          label="Customer"
          description="Type at least two characters of the name or id"
          matchesLabel="Matching customers"
          pickLabel="Choose"
          showStatus
          onPick={setCustomer}
          error={errors.custId}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {products.isError ? (
          // Without the list (its request failed) the officer can still type the code from the rate sheet.
          <FormField
            id="open-product"
            label="Product"
            description={`The product list could not be loaded (${products.error.message}): type the product code`}
            value={v.productCode}
            onChange={set('productCode')}
            error={errors.productCode}
          />
        ) : (
          <Field id="open-product" label="Product" error={errors.productCode}>
            <Select value={v.productCode} onChange={set('productCode')}>
              <option value="">Choose…</option>
              {(products.data ?? [])
                .filter((p) => p.status === 'active')
                .map((p) => (
                  <option key={p.code} value={p.code}>
                    {p.name} ({p.currency})
                  </option>
                ))}
            </Select>
          </Field>
        )}
        {customer && hasMandate(customer) ? (
          <Field id="open-mandate-currency" label="Mandate currency" error={errors.mandateCurrency}>
            <Select value={v.mandateCurrency} onChange={set('mandateCurrency')}>
              <option value="">Choose…</option>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        {fd ? (
          <>
            <Field id="open-tenor" label="Tenor" error={errors.tenorMonths}>
              <Select value={v.tenorMonths} onChange={set('tenorMonths')}>
                <option value="">Choose…</option>
                {(product?.terms.fixedDeposit?.tenors ?? []).map((t) => (
                  <option key={t.months} value={t.months}>
                    {t.months} months at {t.rate}%
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="open-rollover" label="At maturity" error={errors.rollover}>
              <Select value={v.rollover} onChange={set('rollover')}>
                <option value="">Choose…</option>
                {(product?.terms.fixedDeposit?.rollover ?? ROLLOVER_OPTIONS).map((r) => (
                  <option key={r} value={r}>
                    {ROLLOVER_LABELS[r]}
                  </option>
                ))}
              </Select>
            </Field>
            <FormField
              id="open-payout-account"
              label="Payout account number"
              description="Where maturity proceeds go; leave empty to pay at the branch"
              inputMode="numeric"
              autoComplete="off"
              value={v.payoutAccount}
              onChange={set('payoutAccount')}
              error={errors.payoutAccount}
            />
          </>
        ) : null}
      </div>
      {refusal ? <FieldError>{errorText(refusal)}</FieldError> : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={open.isPending}>
          {open.isPending ? 'Sending…' : 'Open account'}
        </Button>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

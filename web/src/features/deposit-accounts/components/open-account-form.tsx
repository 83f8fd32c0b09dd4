import { useController, useForm, useWatch } from 'react-hook-form';
import {
  accountOpenSchema,
  CURRENCIES,
  formatAccountNumber,
  padCustomerId,
  productDisplayName,
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
import { setFieldErrors } from '@/lib/api-errors';
import { contractResolver } from '@/lib/contract-resolver';
import { errorText, fieldErrorsFrom, formLevelError } from '../lib/server-errors';
import { CustomerPicker } from '@/components/customer/customer-picker';
import { RequestSent } from '@/components/approvals/request-sent';
import { FOUR_EYES_TEXT } from '@bankmanager/contracts/approval-display';

const ROLLOVER_LABELS = {
  none: 'No rollover: pay out at maturity',
  principal: 'Roll over the principal, pay out the interest',
  principal_and_interest: 'Roll over principal and interest',
} as const;

/** Joint and organisation customers sign under a mandate in one currency; individuals do not. */
const hasMandate = (c: CustomerListRow) => c.type !== 'private' && c.type !== 'employee';

/** The contract, plus what this screen's choices make required: the mandate, the fixed deposit's terms. */
const formSchema = (fd: boolean, mandate: boolean) =>
  accountOpenSchema.superRefine((b, ctx) => {
    const need = (path: keyof AccountOpen, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (mandate && !b.mandateCurrency) need('mandateCurrency', 'Choose the mandate currency');
    if (fd && !b.tenorMonths) need('tenorMonths', 'Choose a tenor');
    if (fd && !b.rollover) need('rollover', 'Choose what happens at maturity');
  });

interface Values {
  customer: CustomerListRow | null;
  productCode: string;
  mandateCurrency: string;
  tenorMonths: string;
  rollover: string;
  payoutAccount: string;
}

/**
 * Opens an account of one type: customer, product and, for fixed deposits, tenor, rollover and payout
 * account. The answer is a request for a checker, so the screen says "Sent for approval".
 */
export function OpenAccountForm({ type, onClose }: { type: DepositProductType; onClose: () => void }) {
  const products = useProducts(type);
  const open = useOpenAccount();
  const fd = type === 'Fixed Deposit';
  const form = useForm<Values, unknown, AccountOpen>({
    defaultValues: {
      customer: null,
      productCode: '',
      mandateCurrency: '',
      tenorMonths: '',
      rollover: '',
      payoutAccount: '',
    },
    resolver: (values, ctx, opts) => {
      const mandate = values.customer !== null && hasMandate(values.customer);
      // Only what this customer and this type ask for is sent; an empty choice is no choice.
      return contractResolver(formSchema(fd, mandate), (v: Values) => ({
        custId: v.customer?.id ?? 0,
        productCode: v.productCode,
        mandateCurrency: mandate ? v.mandateCurrency || undefined : undefined,
        tenorMonths: fd && v.tenorMonths ? Number(v.tenorMonths) : undefined,
        rollover: fd ? v.rollover || undefined : undefined,
        payoutAccount: fd && v.payoutAccount ? v.payoutAccount : undefined,
      }))(values, ctx, opts);
    },
  });
  const customerField = useController({ control: form.control, name: 'customer' });
  const customer = customerField.field.value;
  const productCode = useWatch({ control: form.control, name: 'productCode' });
  const errors = form.formState.errors;
  // The customer picker speaks of the request's custId.
  const custIdError = (errors as { custId?: { message?: string } }).custId?.message;
  const product = products.data?.find((p) => p.code === productCode);
  const submit = form.handleSubmit((body) =>
    open.mutate(body, { onError: (err) => setFieldErrors(form.setError, fieldErrorsFrom(err)) }),
  );

  if (open.data)
    return (
      <section aria-labelledby="opened-title" className="bg-card grid gap-3 rounded-lg border p-4">
        <h2 id="opened-title" className="text-lg font-semibold">
          Sent for approval
        </h2>
        <p>
          Account <span className="font-mono">{formatAccountNumber(open.data.accountNumber)}</span> is
          Submitted. Once a checker approves it, activate it.
        </p>
        <RequestSent approvalId={open.data.approvalId} what="The account opening" />
        <Button variant="outline" className="justify-self-start" onClick={onClose}>
          Done
        </Button>
      </section>
    );

  const refusal = formLevelError(open.error);
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Open account"
      className="bg-card grid gap-4 rounded-lg border p-4"
    >
      <h2 className="text-lg font-semibold">Open a {type.toLowerCase()} account</h2>
      {customer ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          Customer: <strong>{customer.name}</strong>{' '}
          <span className="font-mono">{padCustomerId(customer.id)}</span> ({customer.status})
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => customerField.field.onChange(null)}
          >
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
          onPick={customerField.field.onChange}
          error={custIdError}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {products.isError ? (
          // Without the list (its request failed) the officer can still type the code from the rate sheet.
          <FormField
            id="open-product"
            label="Product"
            description={`The product list could not be loaded (${products.error.message}): type the product code`}
            {...form.register('productCode')}
            error={errors.productCode?.message}
          />
        ) : (
          <Field id="open-product" label="Product" error={errors.productCode?.message}>
            <Select {...form.register('productCode')}>
              <option value="">Choose…</option>
              {(products.data ?? [])
                .filter((p) => p.status === 'active')
                .map((p) => (
                  <option key={p.code} value={p.code}>
                    {productDisplayName(p.name, p.currency)}
                  </option>
                ))}
            </Select>
          </Field>
        )}
        {customer && hasMandate(customer) ? (
          <Field id="open-mandate-currency" label="Mandate currency" error={errors.mandateCurrency?.message}>
            <Select {...form.register('mandateCurrency')}>
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
            <Field id="open-tenor" label="Tenor" error={errors.tenorMonths?.message}>
              <Select {...form.register('tenorMonths')}>
                <option value="">Choose…</option>
                {(product?.terms.fixedDeposit?.tenors ?? []).map((t) => (
                  <option key={t.months} value={t.months}>
                    {t.months} months at {t.rate}%
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="open-rollover" label="At maturity" error={errors.rollover?.message}>
              <Select {...form.register('rollover')}>
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
              {...form.register('payoutAccount')}
              error={errors.payoutAccount?.message}
            />
          </>
        ) : null}
      </div>
      {refusal ? <FieldError>{errorText(refusal)}</FieldError> : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={open.isPending}>
          {open.isPending ? FOUR_EYES_TEXT.sending : FOUR_EYES_TEXT.askToOpenAccount}
        </Button>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

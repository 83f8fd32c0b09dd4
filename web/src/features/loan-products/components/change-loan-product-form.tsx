import { useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { LOAN_PRODUCT_STATUSES, type LoanProduct, type LoanProductChange } from '@bankmanager/contracts';
import { SentForApproval } from '@/components/approvals/sent-for-approval';
import { optionsOf } from '@/components/form/form-controls';
import { Button } from '@/components/ui/button';
import { useChangeLoanProduct } from '../api/change-loan-product';
import { showRefusal } from '../lib/server-errors';
import { changesSomething, useChangeLoanProductForm } from '../lib/use-loan-forms';
import { CheckboxInput, SelectInput, TextInput } from './form-controls';
import { LoanGlFields } from './gl-fields';
import { LoanTermsFields } from './terms-fields';

const STATUS_OPTIONS = optionsOf(LOAN_PRODUCT_STATUSES, {
  active: 'Active',
  retired: 'Retired (no new loans)',
});

/** Name, status, GL mappings and new terms (the next version, for new loans): one request for a checker. */
export function ChangeLoanProductForm({ product }: { product: LoanProduct }) {
  const form = useChangeLoanProductForm(product);
  const change = useChangeLoanProduct();
  const [formError, setFormError] = useState<string | null>(null);
  const newVersion = useWatch({ control: form.control, name: 'newVersion' });

  if (change.data)
    return (
      <SentForApproval
        approvalId={change.data.approvalId}
        what={`The change to ${product.code}`}
        doneLabel="Make another change"
        onDone={() => {
          change.reset();
          form.reset();
        }}
      />
    );

  function send(body: LoanProductChange) {
    if (!changesSomething(body))
      return setFormError('Nothing to send: change the name, status or GL mappings, or give new terms.');
    setFormError(null);
    change.mutate(
      { code: product.code, body },
      { onError: (err) => setFormError(showRefusal(form as never, err)) },
    );
  }

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label={`Change ${product.code}`}
        className="space-y-6"
        onSubmit={form.handleSubmit(send)}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput name="name" label="Product name" />
          <SelectInput name="status" label="Status" options={STATUS_OPTIONS} />
        </div>
        {/* The loans written so far are the portfolio account's sub-ledger: it never changes. */}
        <LoanGlFields portfolioFixed />
        <CheckboxInput
          name="newVersion"
          label={`New terms: version ${product.version + 1}, for loans written after its approval`}
        />
        {newVersion ? <LoanTermsFields /> : null}
        <TextInput name="reason" label="Reason for the change" />
        {formError ? (
          <p role="alert" className="text-destructive">
            {formError}
          </p>
        ) : null}
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Sending…' : 'Ask to change this product'}
        </Button>
      </form>
    </FormProvider>
  );
}

import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { CURRENCIES, type LoanProductCreate } from '@bankmanager/contracts';
import { SentForApproval } from '@/components/approvals/sent-for-approval';
import { optionsOf } from '@/components/form/form-controls';
import { Button } from '@/components/ui/button';
import { useCreateLoanProduct } from '../api/create-loan-product';
import { showRefusal } from '../lib/server-errors';
import { useCreateLoanProductForm } from '../lib/use-loan-forms';
import { SelectInput, TextInput } from './form-controls';
import { LoanGlFields } from './gl-fields';
import { LoanTermsFields } from './terms-fields';

/** "New loan product": identity, GL mappings and version 1 of the terms, sent to a checker. */
export function CreateLoanProductForm({ onClose }: { onClose: () => void }) {
  const form = useCreateLoanProductForm();
  const create = useCreateLoanProduct();
  const [formError, setFormError] = useState<string | null>(null);

  if (create.data)
    return (
      <SentForApproval
        approvalId={create.data.approvalId}
        what={`The new loan product ${form.getValues('code').trim().toUpperCase()}`}
        doneLabel="Back to the loan products"
        onDone={onClose}
      />
    );

  function send(body: LoanProductCreate) {
    setFormError(null);
    create.mutate(body, { onError: (err) => setFormError(showRefusal(form as never, err)) });
  }

  return (
    <FormProvider {...form}>
      <form noValidate aria-label="New loan product" className="space-y-6" onSubmit={form.handleSubmit(send)}>
        <h2 className="text-xl font-semibold">New loan product</h2>
        <div className="grid gap-3 sm:grid-cols-3">
          <TextInput name="code" label="Product code" description="e.g. SAL-SLE; it never changes." />
          <TextInput name="name" label="Product name" />
          <SelectInput
            name="currency"
            label="Currency"
            options={optionsOf(CURRENCIES, { SLE: 'SLE', USD: 'USD' })}
          />
        </div>
        <LoanGlFields />
        <h3 className="text-lg font-semibold">Terms (version 1)</h3>
        <LoanTermsFields />
        {formError ? (
          <p role="alert" className="text-destructive">
            {formError}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Sending…' : 'Ask to create this product'}
          </Button>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

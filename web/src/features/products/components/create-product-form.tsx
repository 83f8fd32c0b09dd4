import { useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { CURRENCIES, DEPOSIT_PRODUCT_TYPES, PRODUCT_TEXT, type ProductCreate } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { setFieldErrors } from '@/lib/api-errors';
import { useCreateProduct } from '../api/create-product';
import { useCreateProductForm } from '../lib/use-create-form';
import { conflictCode, fieldErrorsFrom, refusalText } from '../lib/server-errors';
import { SelectInput, TextInput } from './form-controls';
import { GlFields } from './gl-fields';
import { SentForApproval } from '@/components/approvals/sent-for-approval';
import { TermsFields } from './terms-fields';

const pairs = (values: readonly string[]) => values.map((v) => [v, v] as const);

/** "New product": identity, GL mappings and the first terms version, sent to a checker. */
export function CreateProductForm({ businessDate, onClose }: { businessDate: string; onClose: () => void }) {
  const form = useCreateProductForm(businessDate);
  const create = useCreateProduct();
  const [formError, setFormError] = useState<string | null>(null);
  const type = useWatch({ control: form.control, name: 'accountType' });

  if (create.data)
    return (
      <SentForApproval
        approvalId={create.data.approvalId}
        what={`The new product ${form.getValues('code').toUpperCase()}`}
        doneLabel="Back to the products"
        onDone={onClose}
      />
    );

  function send(body: ProductCreate) {
    setFormError(null);
    create.mutate(body, {
      onError: (err) => {
        const fields = fieldErrorsFrom(err);
        if (/duplicate|exists/.test(conflictCode(err) ?? '')) fields.code = PRODUCT_TEXT.duplicate;
        const names = setFieldErrors(form.setError, fields);
        if (names.length) form.setFocus(names[0]!);
        else setFormError(refusalText(err));
      },
    });
  }

  return (
    <FormProvider {...form}>
      <form noValidate aria-label="New product" className="space-y-6" onSubmit={form.handleSubmit(send)}>
        <h2 className="text-xl font-semibold">New product</h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput name="code" label="Product code" description="e.g. SAV-SLE; it never changes." />
          <TextInput name="name" label="Product name" />
          <SelectInput
            name="accountType"
            label="Product type"
            placeholder="Choose…"
            options={pairs(DEPOSIT_PRODUCT_TYPES)}
          />
          <SelectInput name="currency" label="Currency" options={pairs(CURRENCIES)} />
        </div>
        <GlFields />
        <h3 className="text-lg font-semibold">Terms (first version)</h3>
        <TermsFields type={type} minDate={businessDate} />
        {formError ? (
          <p role="alert" className="text-destructive">
            {formError}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Sending…' : 'Send for approval'}
          </Button>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

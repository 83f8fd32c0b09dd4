import { useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { PRODUCT_STATUSES, type Product, type ProductChange } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { useChangeProduct } from '../api/change-product';
import { conflictCode, fieldErrorsFrom, refusalText } from '../lib/server-errors';
import { changesSomething, useEditProductForm } from '../lib/use-edit-form';
import { optionsOf } from '@/components/form/form-controls';
import { setFieldErrors } from '@/lib/api-errors';
import { idOf, SelectInput, TextInput } from './form-controls';
import { GlFields } from './gl-fields';
import { SentForApproval } from '@/components/approvals/sent-for-approval';
import { TermsFields } from './terms-fields';

const STATUS_OPTIONS = optionsOf(PRODUCT_STATUSES).map(([v, l]) =>
  v === 'retired' ? ([v, 'Retired (opens no new accounts)'] as const) : ([v, l] as const),
);

/** Name, status (retire), GL mappings and a new terms version: one change request for a checker. */
export function EditProductForm({ product, businessDate }: { product: Product; businessDate: string }) {
  const form = useEditProductForm(product, businessDate);
  const change = useChangeProduct();
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

  function send(body: ProductChange) {
    if (!changesSomething(body))
      return setFormError('Nothing to send: change the name, status or GL mappings, or add a terms version.');
    setFormError(null);
    change.mutate(
      { code: product.code, body },
      {
        onError: (err) => {
          const fields = fieldErrorsFrom(err);
          // A version on that date exists: the date is what the maker must change.
          if (conflictCode(err) === 'version_exists') fields['terms.effectiveFrom'] = refusalText(err);
          const names = setFieldErrors(form.setError, fields);
          if (names.length) form.setFocus(names[0]!);
          else setFormError(refusalText(err));
        },
      },
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
        <GlFields />
        <div className="flex items-center gap-2">
          <input
            id={idOf('newVersion')}
            type="checkbox"
            className="size-4"
            {...form.register('newVersion')}
          />
          <label htmlFor={idOf('newVersion')} className="font-medium">
            New terms version (starts from the terms in force)
          </label>
        </div>
        {newVersion ? <TermsFields type={product.accountType} minDate={businessDate} /> : null}
        <TextInput name="reason" label="Reason for the change" />
        {formError ? (
          <p role="alert" className="text-destructive">
            {formError}
          </p>
        ) : null}
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Sending…' : 'Send for approval'}
        </Button>
      </form>
    </FormProvider>
  );
}

import { useState } from 'react';
import { CUSTOMER_TEXT, KYC_FIELDS, type Customer360 } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { toastSentForApproval } from '@/lib/sent-for-approval';
import { toast } from '@/lib/toast';
import { usePatchCustomer } from '../api/patch-customer';
import { flatten, labelOf, unflatten } from '../lib/field-labels';
import { showValue } from '../lib/show-value';
import { errorText, fieldErrorsFrom } from '../lib/server-errors';

const isKyc = (path: string) => (KYC_FIELDS as readonly string[]).includes(path.split('.')[0]!);

/**
 * Edits the record's text fields. A changed group (the address) is sent whole; KYC fields go to a
 * checker (202) and the form says so; a 409 means someone saved first.
 */
export function EditDetailsForm({ customer: c, onDone }: { customer: Customer360; onDone: () => void }) {
  const fields = flatten(c.details).filter(([k, v]) => k !== 'type' && typeof v !== 'boolean');
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(fields.map(([k, v]) => [k, showValue(v)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const patch = usePatchCustomer();

  function submit() {
    const changed = fields.filter(([k, v]) => values[k] !== showValue(v)).map(([k]) => k);
    if (changed.length === 0) return onDone();
    const tops = new Set(changed.map((k) => k.split('.')[0]!));
    const entries = fields
      .filter(([k]) => tops.has(k.split('.')[0]!))
      .map(([k]) => [k, values[k]] as [string, unknown]);
    setErrors({});
    setFormError(null);
    patch.mutate(
      { id: c.id, version: c.version, changes: unflatten(entries) },
      {
        onSuccess: (r) => {
          if ('approvalId' in r) toastSentForApproval(r.approvalId, 'The KYC change');
          else toast({ title: 'Saved', description: 'The details are saved.', variant: 'success' });
          onDone();
        },
        onError: (err) => {
          const byField = fieldErrorsFrom(err);
          setErrors(byField);
          if (err instanceof ApiError && err.status === 409) setFormError(CUSTOMER_TEXT.versionConflict);
          else if (Object.keys(byField).length === 0) setFormError(errorText(err));
        },
      },
    );
  }

  return (
    <form
      className="grid gap-4"
      aria-label="Edit details"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p className="text-sm">Fields marked “needs approval” are KYC: a change waits for a checker.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map(([k]) => (
          <FormField
            key={k}
            id={`edit-${k.replaceAll('.', '-')}`}
            label={`${labelOf(k)}${isKyc(k) ? ' (needs approval)' : ''}`}
            value={values[k] ?? ''}
            error={errors[k]}
            onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))}
          />
        ))}
      </div>
      {formError ? (
        <p role="alert" className="text-destructive">
          {formError}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={patch.isPending}>
          Save changes
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

import { useEffect, useState } from 'react';
import { CUSTOMER_STATUSES, RISK_RATINGS } from '@bankmanager/contracts';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { CustomerFilters as Filters } from '../api/get-customers';
import { BranchCodeField } from './branch-input';
import { OptionList } from '@/components/form/form-controls';

type Change = (c: Partial<Record<keyof Filters, string | undefined>>) => void;

/** Search box (debounced, 300 ms) and the four filters of a customer list. */
export function CustomerFilters({ filters, onChange }: { filters: Filters; onChange: Change }) {
  const [q, setQ] = useState(filters.q ?? '');
  const debounced = useDebouncedValue(q, 300);
  useEffect(() => {
    if ((filters.q ?? '') !== debounced.trim()) onChange({ q: debounced.trim() || undefined });
    // Only the debounced text drives the URL; the URL's own changes must not re-trigger this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const select = (key: keyof Filters, label: string, options: readonly (readonly [string, string])[]) => (
    <Field id={`customers-${key}`} label={label}>
      <Select value={filters[key] ?? ''} onChange={(e) => onChange({ [key]: e.target.value || undefined })}>
        <option value="">All</option>
        <OptionList options={options} />
      </Select>
    </Field>
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <Field
        id="customers-q"
        label="Search"
        description="Name, customer id, NIN or registration number, or mobile"
        className="sm:col-span-2 lg:col-span-5"
      >
        <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </Field>
      {select(
        'status',
        'Status',
        CUSTOMER_STATUSES.map((s) => [s, s] as const),
      )}
      <BranchCodeField
        id="customers-branch"
        label="Branch code"
        value={filters.branch ?? ''}
        onChange={(v) => onChange({ branch: v || undefined })}
      />
      {select('kyc', 'KYC', [
        ['complete', 'Complete'],
        ['incomplete', 'Incomplete'],
      ])}
      {select(
        'risk',
        'Risk',
        RISK_RATINGS.map((r) => [r, r[0]!.toUpperCase() + r.slice(1)] as const),
      )}
    </div>
  );
}

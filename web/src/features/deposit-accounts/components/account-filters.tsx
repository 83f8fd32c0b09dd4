import { useEffect, useState } from 'react';
import { ACCOUNT_STATUSES, type DepositProductType } from '@bankmanager/contracts';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { AccountListParams } from '../api/get-accounts';
import { useProducts } from '../api/get-products';
import type { ListChange } from '../lib/list-params';

/** Search (debounced, 300 ms), status, product and branch filters of an account list. */
export function AccountFilters({
  type,
  filters,
  showStatus,
  onChange,
}: {
  type: DepositProductType;
  filters: AccountListParams;
  showStatus: boolean;
  onChange: (c: ListChange) => void;
}) {
  const [q, setQ] = useState(filters.q ?? '');
  const debounced = useDebouncedValue(q, 300);
  useEffect(() => {
    if ((filters.q ?? '') !== debounced.trim()) onChange({ q: debounced.trim() || undefined });
    // Only the debounced text drives the URL; the URL's own changes must not re-trigger this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const [branch, setBranch] = useState(filters.branch ?? '');
  const products = useProducts(type);
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Field id="accounts-q" label="Search" description="Account number (or its start) or holder's name">
        <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </Field>
      {showStatus ? (
        <Field id="accounts-status" label="Status">
          <Select
            value={filters.status ?? ''}
            onChange={(e) => onChange({ status: e.target.value || undefined })}
          >
            <option value="">All</option>
            {ACCOUNT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      <Field id="accounts-product" label="Product">
        <Select
          value={filters.product ?? ''}
          onChange={(e) => onChange({ product: e.target.value || undefined })}
        >
          <option value="">All</option>
          {(products.data ?? []).map((p) => (
            <option key={p.code} value={p.code}>
              {p.name} ({p.code})
            </option>
          ))}
        </Select>
      </Field>
      <Field id="accounts-branch" label="Branch code" description="3 digits, e.g. 001">
        <Input
          inputMode="numeric"
          maxLength={3}
          value={branch}
          onChange={(e) => {
            const v = e.target.value.replace(/\D/g, '');
            setBranch(v);
            // The server takes exactly 3 digits: only a whole code (or none) filters.
            if (v.length === 3 || v === '') onChange({ branch: v || undefined });
          }}
        />
      </Field>
    </div>
  );
}

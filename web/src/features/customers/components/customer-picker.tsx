import { useId, useState } from 'react';
import type { CustomerListRow, CustomerType } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useCustomers } from '../api/get-customers';
import { padId } from './customer-table';

/**
 * Finds an existing customer by name, id, ID number or mobile and hands it to `onPick`: signatories,
 * directors, joint holders and guardians are customers on file, never retyped.
 */
export function CustomerPicker({
  label,
  type,
  onPick,
  pickLabel = 'Add',
  error,
}: {
  label: string;
  type?: CustomerType;
  onPick: (row: CustomerListRow) => void;
  pickLabel?: string;
  error?: string;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const debounced = useDebouncedValue(q.trim(), 300);
  const found = useCustomers({ q: debounced, type }, 0, 5, debounced.length >= 2);
  return (
    <div className="grid gap-2">
      <Field id={id} label={label} description="Type at least two characters" error={error}>
        <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </Field>
      {debounced.length >= 2 && found.data ? (
        <ul className="grid gap-1" aria-label={`Matches for ${label}`}>
          {found.data.rows.map((r) => (
            <li
              key={r.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded border p-2 text-sm"
            >
              <span>
                {r.name} <span className="text-muted-foreground font-mono">{padId(r.id)}</span>
              </span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => {
                  onPick(r);
                  setQ('');
                }}
              >
                {pickLabel} {r.name}
              </Button>
            </li>
          ))}
          {found.data.rows.length === 0 ? <li className="text-sm">No customer matches.</li> : null}
        </ul>
      ) : null}
      {found.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {found.error.message}
        </p>
      ) : null}
    </div>
  );
}

import { useId, useState } from 'react';
import { padCustomerId, type CustomerListRow } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useFindCustomers } from '../api/find-customers';

/** Finds the customer an account is opened for: by name, id, ID number or mobile. */
export function CustomerPicker({
  onPick,
  error,
}: {
  onPick: (row: CustomerListRow) => void;
  error?: string;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const debounced = useDebouncedValue(q.trim(), 300);
  const found = useFindCustomers(debounced);
  return (
    <div className="grid gap-2">
      <Field
        id={id}
        label="Customer"
        description="Type at least two characters of the name or id"
        error={error}
      >
        <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </Field>
      {debounced.length >= 2 && found.data ? (
        <ul className="grid gap-1" aria-label="Matching customers">
          {found.data.rows.map((r) => (
            <li
              key={r.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded border p-2 text-sm"
            >
              <span>
                {r.name} <span className="text-muted-foreground font-mono">{padCustomerId(r.id)}</span> (
                {r.status})
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
                Choose {r.name}
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

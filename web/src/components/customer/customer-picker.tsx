import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  customerListRowSchema,
  padCustomerId,
  type CustomerListRow,
  type CustomerType,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { getPage } from '@/lib/get-page';

/** How many matches the picker lists: enough to tell namesakes apart, few enough to read. */
const MATCHES = 5;

/** GET /api/customers?q=&type= — the first few matches, once at least two characters are typed. */
function useFindCustomers(q: string, type: CustomerType | undefined) {
  return useQuery({
    // Under the customers list's key, so a change that invalidates the list refreshes the picker too.
    queryKey: ['customers', 'find', q, type ?? ''],
    queryFn: ({ signal }) =>
      getPage('/customers', customerListRowSchema, {
        page: 0,
        pageSize: MATCHES,
        params: { q, type },
        signal,
      }),
    // The last matches stay in view while the next ones load, so the list does not flicker per keystroke.
    placeholderData: keepPreviousData,
    retry: false,
    enabled: q.length >= 2,
  });
}

/**
 * Finds an existing customer by name, id, ID number or mobile and hands it to `onPick`: an account's
 * customer, signatories, directors, joint holders and guardians are customers on file, never retyped.
 */
export function CustomerPicker({
  label,
  description = 'Type at least two characters',
  matchesLabel = `Matches for ${label}`,
  type,
  onPick,
  pickLabel = 'Add',
  showStatus = false,
  error,
}: {
  label: string;
  description?: string;
  /** The accessible name of the list of matches. */
  matchesLabel?: string;
  /** Only customers of this type match. */
  type?: CustomerType;
  onPick: (row: CustomerListRow) => void;
  /** The verb on each match's button, before the customer's name. */
  pickLabel?: string;
  /** Each match shows its status, for pickers where a closed or blocked customer must stand out. */
  showStatus?: boolean;
  error?: string;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const debounced = useDebouncedValue(q.trim(), 300);
  const found = useFindCustomers(debounced, type);
  return (
    <div className="grid gap-2">
      <Field id={id} label={label} description={description} error={error}>
        <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </Field>
      {debounced.length >= 2 && found.data ? (
        <ul className="grid gap-1" aria-label={matchesLabel}>
          {found.data.rows.map((r) => (
            <li
              key={r.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded border p-2 text-sm"
            >
              <span>
                {r.name} <span className="text-muted-foreground font-mono">{padCustomerId(r.id)}</span>
                {showStatus ? ` (${r.status})` : null}
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

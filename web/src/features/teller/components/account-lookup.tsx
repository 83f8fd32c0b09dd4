import { useRef, useState } from 'react';
import { AccountFinder } from '@/components/account-finder';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useFindAccounts } from '../api/find-accounts';
import { useEscape, useFocusOnMount } from '../lib/keyboard';

/**
 * Finds the account at the counter: by number (check digits first, so a typo is a message on the
 * field, not a lookup), or by the holder's name. Enter searches; Esc cancels the transaction.
 */
export function AccountLookup({
  onFound,
  onCancel,
}: {
  onFound: (number: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [searched, setSearched] = useState('');
  const found = useFindAccounts(searched);
  const area = useEscape(onCancel);
  const first = useRef<HTMLInputElement | null>(null);
  useFocusOnMount(first);
  return (
    <div ref={area} className="grid gap-3">
      <AccountFinder
        id="counter-account-number"
        description="Enter to find it."
        inputRef={first}
        onFind={onFound}
      />
      <details>
        <summary className="cursor-pointer text-sm">Find by customer name</summary>
        <form
          aria-label="Find the account by the holder's name"
          noValidate
          className="mt-2 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setSearched(name.trim());
          }}
        >
          <FormField
            id="counter-holder-name"
            label="Holder’s name"
            className="min-w-0 flex-1"
            autoComplete="off"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" variant="outline">
            Search
          </Button>
        </form>
        {found.data ? (
          <ul aria-label="Accounts found" className="mt-2 grid gap-1">
            {found.data.rows.length === 0 ? <li className="text-sm">No account found.</li> : null}
            {found.data.rows.map((a) => (
              <li key={a.accountNumber}>
                <Button
                  variant="ghost"
                  className="h-auto w-full justify-start text-left"
                  onClick={() => onFound(a.accountNumber)}
                >
                  <span className="font-mono">{a.accountNumber}</span> {a.accountName} · {a.productName} ·{' '}
                  {a.status}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </details>
    </div>
  );
}

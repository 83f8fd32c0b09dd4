import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import {
  CUSTOMER_ID_REQUIRED,
  REGISTERED_USERS_TEXT as T,
  type RegisteredUser,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FieldError, FormField } from '@/components/ui/form-field';
import { customerQueryOptions, useCustomer } from '../api/get-customer';
import { SubscriptionFields } from './subscription-fields';

interface Props {
  /** The selected row in edit mode; null opens add mode (customer search first). */
  editing: RegisteredUser | null;
  onClose: () => void;
  onSaved: (saved: RegisteredUser) => void;
}

/** docs/product.md §2 form panel: in add mode a customer lookup first, then the subscription's fields. */
export function SubscriptionForm({ editing, onClose, onSaved }: Props) {
  const qc = useQueryClient();
  const [searchId, setSearchId] = useState('');
  const [custId, setCustId] = useState<number | null>(editing?.cust_id ?? null);
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const customer = useCustomer(custId);

  const loaded = customer.data ?? null;
  // The form opens into view with the cursor in its first field: the lookup in add
  // mode, the mobile number once an edited customer has loaded.
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    section.current?.scrollIntoView({ block: 'nearest' });
    if (!editing) document.getElementById('customer-search')?.focus();
  }, [editing]);
  const loadedId = loaded?.cust_id;
  useEffect(() => {
    if (editing && loadedId !== undefined) document.getElementById('sub-mobile')?.focus();
  }, [editing, loadedId]);
  const lookupError = customer.error ? customer.error.message || T.searchFailed : null;
  const title = loaded && searchId.trim() === '' ? T.editTitle : T.addTitle;

  // The lookup is a search box, not data entry: it checks its one value by hand.
  async function search(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const id = searchId.trim();
    if (!id) return setError(CUSTOMER_ID_REQUIRED);
    if (!/^\d{1,9}$/.test(id)) return setError(`Customer ${id} was not found.`);
    setSearching(true);
    try {
      const found = await qc.fetchQuery(customerQueryOptions(Number(id)));
      setCustId(found.cust_id);
    } catch (err) {
      setCustId(null);
      setError(err instanceof Error && err.message ? err.message : T.searchFailed);
    } finally {
      setSearching(false);
    }
  }

  return (
    <section
      ref={section}
      aria-labelledby="subscription-form-title"
      className="bg-card rounded-lg border p-5 shadow-sm"
    >
      <div className="mb-4 flex items-center justify-between">
        <h2 id="subscription-form-title" className="text-lg font-semibold">
          {title}
        </h2>
        <Button variant="ghost" size="icon" aria-label="Close" onClick={onClose}>
          <X aria-hidden />
        </Button>
      </div>
      {!editing && (
        <form onSubmit={search} className="mb-4 flex items-end gap-2" aria-label="Find customer">
          <FormField
            id="customer-search"
            label="Find customer by ID"
            className="flex-1"
            placeholder={T.customerIdPlaceholder}
            value={searchId}
            onChange={(e) => setSearchId(e.target.value)}
            inputMode="numeric"
          />
          <Button type="submit" variant="secondary" disabled={searching}>
            Search
          </Button>
        </form>
      )}
      {(error ?? lookupError) && <FieldError className="mb-4">{error ?? lookupError}</FieldError>}
      {loaded && (
        // Keyed by customer: a new lookup starts a fresh form.
        <SubscriptionFields
          key={loaded.cust_id}
          customer={loaded}
          title={title}
          onCancel={onClose}
          onSaved={onSaved}
        />
      )}
    </section>
  );
}

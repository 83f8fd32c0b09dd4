import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import {
  CUSTOMER_ID_REQUIRED,
  INVALID_PHONE_TITLE,
  MOBILE_HINT,
  PAY_ACCOUNT_REQUIRED,
  REGISTERED_USERS_TEXT as T,
  mobilePlaceholder,
  padCustomerId,
  validatePhoneNumber,
  type CustomerLookup,
  type RegisteredUser,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { customerQueryOptions, useCustomer } from '../api/get-customer';
import { useSaveSubscription } from '../api/save-subscription';

interface Props {
  /** The selected row in edit mode; null opens add mode (customer search first). */
  editing: RegisteredUser | null;
  onClose: () => void;
  onSaved: (saved: RegisteredUser) => void;
}

interface Fields {
  mobile: string;
  payAcct: string;
  mbSub: boolean;
  version: number;
}

const fieldsFrom = (c: CustomerLookup): Fields => ({
  mobile: c.subscription?.mobile_no ?? c.mobile_no,
  payAcct: c.subscription?.pay_acct ?? c.accounts.find((a) => a.status === 'Active')?.account_number ?? '',
  mbSub: c.subscription?.mb_sub ?? true,
  version: c.subscription?.version ?? 0,
});

/** SPEC §2 form panel. Its state lives here, so closing (unmounting) it always resets it. */
export function SubscriptionForm({ editing, onClose, onSaved }: Props) {
  const qc = useQueryClient();
  const [searchId, setSearchId] = useState('');
  const [custId, setCustId] = useState<number | null>(editing?.cust_id ?? null);
  // Untouched fields show the server's current values (fresh version included); edits override them.
  const [edited, setFields] = useState<Fields | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const customer = useCustomer(custId);
  const save = useSaveSubscription();

  const loaded = customer.data ?? null;
  const lookupError = customer.error ? customer.error.message || T.searchFailed : null;
  const fields = edited ?? (loaded ? fieldsFrom(loaded) : null);
  const title = loaded && searchId.trim() === '' ? T.editTitle : T.addTitle;

  async function search(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const id = searchId.trim();
    if (!id) return setError(CUSTOMER_ID_REQUIRED);
    if (!/^\d{1,9}$/.test(id)) return setError(`Customer ${id} was not found.`);
    setSearching(true);
    try {
      const found = await qc.fetchQuery(customerQueryOptions(Number(id)));
      setFields(null);
      setCustId(found.cust_id);
    } catch (err) {
      setCustId(null);
      setFields(null);
      setError(err instanceof Error && err.message ? err.message : T.searchFailed);
    } finally {
      setSearching(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!loaded || !fields) return;
    const phone = validatePhoneNumber(fields.mobile);
    if (!phone.valid) {
      toast({ title: INVALID_PHONE_TITLE, description: phone.message, variant: 'destructive' });
      return;
    }
    if (!fields.payAcct) return setError(PAY_ACCOUNT_REQUIRED);
    save.mutate(
      {
        custId: loaded.cust_id,
        body: {
          mobile_no: phone.normalized,
          pay_acct: fields.payAcct,
          mb_sub: fields.mbSub,
          version: fields.version,
        },
      },
      {
        onSuccess: (saved) => {
          toast({ title: T.savedTitle, description: T.saved(saved.cust_name), variant: 'success' });
          onSaved(saved);
          onClose();
        },
        onError: (err) =>
          toast({ title: 'Error', description: err.message || T.saveFailed, variant: 'destructive' }),
      },
    );
  }

  return (
    <section aria-labelledby="subscription-form-title" className="bg-card rounded-lg border p-5 shadow-sm">
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
          <div className="grid flex-1 gap-2">
            <Label htmlFor="customer-search">Customer ID</Label>
            <Input
              id="customer-search"
              placeholder={T.customerIdPlaceholder}
              value={searchId}
              onChange={(e) => setSearchId(e.target.value)}
              inputMode="numeric"
            />
          </div>
          <Button type="submit" variant="secondary" disabled={searching}>
            Search
          </Button>
        </form>
      )}
      {(error ?? lookupError) && (
        <p role="alert" className="text-destructive mb-4 text-sm">
          {error ?? lookupError}
        </p>
      )}
      {loaded && fields && (
        <form onSubmit={submit} className="grid gap-4" aria-label={title}>
          <div className="grid grid-cols-2 gap-4">
            <div className="grid gap-2">
              <Label htmlFor="sub-cust-id">Customer ID</Label>
              <Input id="sub-cust-id" value={padCustomerId(loaded.cust_id)} readOnly />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="sub-cust-name">Name</Label>
              <Input id="sub-cust-name" value={loaded.cust_name} readOnly />
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="sub-mobile">Mobile Number</Label>
            <Input
              id="sub-mobile"
              placeholder={mobilePlaceholder()}
              aria-describedby="sub-mobile-hint"
              value={fields.mobile}
              onChange={(e) => setFields({ ...fields, mobile: e.target.value })}
            />
            <p id="sub-mobile-hint" className="text-muted-foreground text-xs">
              {MOBILE_HINT}
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="sub-pay-acct">Payment Account</Label>
            <select
              id="sub-pay-acct"
              className="border-input bg-background focus-visible:ring-ring h-10 rounded-md border px-3 text-sm focus-visible:ring-2 focus-visible:outline-none"
              value={fields.payAcct}
              onChange={(e) => setFields({ ...fields, payAcct: e.target.value })}
            >
              <option value="">Choose an account</option>
              {loaded.accounts.map((a) => (
                <option key={a.account_number} value={a.account_number} disabled={a.status !== 'Active'}>
                  {a.account_number} — {a.account_type} ({a.currency})
                  {a.status !== 'Active' ? `, ${a.status}` : ''}
                </option>
              ))}
            </select>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="accent-primary size-4"
              checked={fields.mbSub}
              onChange={(e) => setFields({ ...fields, mbSub: e.target.checked })}
            />
            Mobile Banking Subscription
          </label>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Subscription'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

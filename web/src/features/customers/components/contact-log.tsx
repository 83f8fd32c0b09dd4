import { formatDateTime } from '@bankmanager/contracts/format';
import type { ContactChannel } from '@bankmanager/contracts';
import { Field } from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
import { useUrlPage } from '@/hooks/use-url-state';
import { Select } from '@/components/ui/select';
import { toast } from '@/lib/toast';
import { CONTACTS_PAGE_SIZE, useContacts } from '../api/get-contacts';
import { useSetPreferredChannel } from '../api/set-preferred-channel';
import { errorText } from '../lib/server-errors';
import { AddContactForm, CHANNEL_LABELS, CHANNEL_OPTIONS } from './add-contact-form';
import { OptionList } from '@/components/form/form-controls';

/** The customer's contact history (who, how, when, what), the preferred channel and a new entry. */
export function ContactLog({
  customerId,
  preferred,
}: {
  customerId: number;
  preferred: ContactChannel | null;
}) {
  // The page of the contact history lives in the query string beside the customer and the tab: a reload,
  // Back or a shared link keeps it.
  const [page, setPage] = useUrlPage();
  const contacts = useContacts(customerId, page);
  const setChannel = useSetPreferredChannel();
  return (
    <div className="grid gap-4">
      <Field id={`preferred-channel-${customerId}`} label="Preferred channel" className="max-w-xs">
        <Select
          value={preferred ?? ''}
          disabled={setChannel.isPending}
          onChange={(e) =>
            setChannel.mutate(
              { id: customerId, channel: e.target.value as ContactChannel },
              {
                onSuccess: () =>
                  toast({ title: 'Saved', description: 'Preferred channel saved', variant: 'success' }),
                onError: (err) =>
                  toast({ title: 'Error', description: errorText(err), variant: 'destructive' }),
              },
            )
          }
        >
          <option value="" disabled>
            Not set
          </option>
          <OptionList options={CHANNEL_OPTIONS} />
        </Select>
      </Field>
      <AddContactForm customerId={customerId} />
      {contacts.isError ? (
        <p role="alert" className="text-destructive">
          {contacts.error.message}
        </p>
      ) : null}
      <ol className="grid gap-2" aria-label="Contact history">
        {contacts.data?.rows.map((r) => (
          <li key={r.id} className="rounded-md border p-3 text-sm">
            <p className="font-medium">
              {CHANNEL_LABELS[r.channel]} · {formatDateTime(r.at)}· {r.loggedBy}
            </p>
            <p className="whitespace-pre-wrap">{r.summary}</p>
          </li>
        ))}
      </ol>
      {contacts.data && contacts.data.rows.length === 0 ? <p>No contacts logged yet.</p> : null}
      {contacts.data ? (
        <Pagination
          page={page}
          pageSize={CONTACTS_PAGE_SIZE}
          total={contacts.data.total}
          onPage={setPage}
          busy={contacts.isPlaceholderData}
        />
      ) : null}
    </div>
  );
}

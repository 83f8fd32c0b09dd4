import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  SENT_FOR_APPROVAL_TEXT,
  formatCurrency,
  transferRequestSchema,
  type JournalEntry,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { fieldErrorsFrom, formLevelError, issuesByField } from '@/lib/api-errors';
import { newClientReference } from '@/lib/client-reference';
import { usePermissions } from '@/lib/permissions';
import { useQuote } from '../api/get-quote';
import { usePostTransfer } from '../api/post-transfer';
import { AccountNumberField, checkedNumber } from '@/components/accounts/account-number-field';
import { TransferPreview } from '../components/transfer-preview';

const EMPTY = { from: '', to: '', amount: '', narration: '', rate: '' };
type Values = typeof EMPTY;
type Done = { entry: JournalEntry } | { approvalId: string };

/**
 * Transaction → Transfers: between two accounts, in one currency or across currencies at
 * the day's rate. Check digits are checked as the numbers are typed; both accounts are looked up only
 * when valid, and the preview converts live. Over the maker's limit the transfer waits for approval.
 */
export function TransferRoute() {
  const { can } = usePermissions();
  const [v, setV] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState({ from: false, to: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [reference, setReference] = useState(() => newClientReference('TRF'));
  const [done, setDone] = useState<Done | null>(null);
  const post = usePostTransfer();
  const from = checkedNumber(v.from);
  const to = checkedNumber(v.to);
  const quote = useQuote(from, to);
  const set = (k: keyof Values) => (value: string) => setV((x) => ({ ...x, [k]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      from_account: v.from,
      to_account: v.to,
      amount: v.amount.trim().replace(/,/g, ''),
      narration: v.narration,
      reference,
      ...(v.rate.trim() ? { rate: v.rate.trim() } : {}),
    };
    const parsed = transferRequestSchema.safeParse(body);
    if (!parsed.success) {
      setTouched({ from: true, to: true });
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    post.mutate(parsed.data, {
      onSuccess: (r) => setDone('approvalId' in r ? r : { entry: r }),
      onError: (err) => setErrors(fieldErrorsFrom(err)),
    });
  };
  const again = () => {
    setV(EMPTY);
    setTouched({ from: false, to: false });
    setReference(newClientReference('TRF'));
    setDone(null);
    post.reset();
  };

  const refusal = formLevelError(post.error);
  return (
    <main className="mx-auto w-full max-w-4xl space-y-5 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">Transfers</h1>
      {done ? (
        <section role="status" className="grid gap-3 rounded-md border p-4" data-testid="transfer-done">
          {'approvalId' in done ? (
            <p>{SENT_FOR_APPROVAL_TEXT(done.approvalId)}</p>
          ) : (
            <p>
              {`Transfer posted as journal entry ${done.entry.id}`}
              {done.entry.fx_rate ? ` at ${done.entry.fx_rate} Leones per 1 USD` : ''}.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={again}>
              New transfer
            </Button>
            {'entry' in done && can('journal.post') ? (
              <Button asChild variant="outline">
                <Link to={`${paths.generalLedger}?tab=journal&entry=${done.entry.id}`}>Open the entry</Link>
              </Button>
            ) : null}
          </div>
        </section>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <AccountNumberField
              id="transfer-from"
              label="From account"
              value={v.from}
              onChange={set('from')}
              touched={touched.from}
              onBlur={() => setTouched((t) => ({ ...t, from: true }))}
              error={errors.from_account}
            />
            <AccountNumberField
              id="transfer-to"
              label="To account"
              value={v.to}
              onChange={set('to')}
              touched={touched.to}
              onBlur={() => setTouched((t) => ({ ...t, to: true }))}
              error={errors.to_account}
            />
            <FormField
              id="transfer-amount"
              label={`Amount${quote.data ? ` (${quote.data.from.currency}, debited from the payer)` : ''}`}
              inputMode="decimal"
              value={v.amount}
              onChange={(e) => set('amount')(e.target.value)}
              error={errors.amount}
              description={
                quote.data && /^\d[\d,]*(\.\d{0,2})?$/.test(v.amount.trim())
                  ? formatCurrency(v.amount.trim().replace(/,/g, '') || '0', quote.data.from.currency)
                  : undefined
              }
            />
            <FormField
              id="transfer-narration"
              label="Narration"
              value={v.narration}
              maxLength={140}
              onChange={(e) => set('narration')(e.target.value)}
              error={errors.narration}
            />
            {can('treasury.rates') && quote.data && quote.data.from.currency !== quote.data.to.currency ? (
              <FormField
                id="transfer-rate"
                label="Agreed rate (leave empty for the day’s rate)"
                inputMode="decimal"
                value={v.rate}
                onChange={(e) => set('rate')(e.target.value)}
                error={errors.rate}
              />
            ) : null}
          </div>
          {from && to && from === to ? (
            <p role="alert" className="text-destructive text-sm">
              The two accounts must differ.
            </p>
          ) : null}
          {quote.isError ? (
            <p role="alert" className="text-destructive text-sm">
              {quote.error.message}
            </p>
          ) : quote.isFetching && !quote.data ? (
            <p role="status">Looking up the accounts...</p>
          ) : quote.data ? (
            <TransferPreview quote={quote.data} amount={v.amount.replace(/,/g, '')} rate={v.rate} />
          ) : null}
          {refusal ? (
            <p role="alert" className="text-destructive text-sm">
              {refusal.message}
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={post.isPending}>
              {post.isPending ? 'Posting...' : 'Transfer'}
            </Button>
          </div>
        </form>
      )}
    </main>
  );
}

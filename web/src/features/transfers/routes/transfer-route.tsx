import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { formatCurrency, transferRequestSchema, type JournalEntry } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { fieldErrorsFrom, formLevelError, setFieldErrors } from '@/lib/api-errors';
import { newClientReference } from '@/lib/client-reference';
import { blankAsAbsent, contractResolver } from '@/lib/contract-resolver';
import { usePermissions } from '@/lib/permissions';
import { useQuote } from '../api/get-quote';
import { usePostTransfer } from '../api/post-transfer';
import { AccountNumberControl, checkedNumber } from '@/components/accounts/account-number-field';
import { TransferPreview } from '../components/transfer-preview';
import { RequestSent } from '@/components/approvals/request-sent';

// Named as the request's fields, so the contract's and the server's messages land on them as they are.
const EMPTY = { from_account: '', to_account: '', amount: '', narration: '', rate: '' };
type Values = typeof EMPTY;
type Done = { entry: JournalEntry } | { approvalId: string };

/**
 * Transaction → Transfers: between two accounts, in one currency or across currencies at
 * the day's rate. Check digits are checked as the numbers are typed; both accounts are looked up only
 * when valid, and the preview converts live. Over the maker's limit the transfer waits for approval.
 */
export function TransferRoute() {
  const { can } = usePermissions();
  const [reference, setReference] = useState(() => newClientReference('TRF'));
  const [done, setDone] = useState<Done | null>(null);
  const post = usePostTransfer();
  const form = useForm({
    defaultValues: EMPTY,
    resolver: contractResolver(transferRequestSchema, (v: Values) => ({
      ...blankAsAbsent({ ...v, rate: v.rate.trim() }, 'rate'),
      amount: v.amount.trim().replace(/,/g, ''),
      reference,
    })),
  });
  const v = useWatch({ control: form.control });
  const amount = v.amount ?? '';
  const from = checkedNumber(v.from_account ?? '');
  const to = checkedNumber(v.to_account ?? '');
  const quote = useQuote(from, to);
  const errors = form.formState.errors;

  const submit = form.handleSubmit((body) =>
    post.mutate(body, {
      onSuccess: (r) => setDone('approvalId' in r ? r : { entry: r }),
      onError: (err) => setFieldErrors(form.setError, fieldErrorsFrom(err)),
    }),
  );
  const again = () => {
    form.reset(EMPTY);
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
            <RequestSent approvalId={done.approvalId} what="The transfer" />
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
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <AccountNumberControl
              control={form.control}
              name="from_account"
              id="transfer-from"
              label="From account"
            />
            <AccountNumberControl
              control={form.control}
              name="to_account"
              id="transfer-to"
              label="To account"
            />
            <FormField
              id="transfer-amount"
              label={`Amount${quote.data ? ` (${quote.data.from.currency}, debited from the payer)` : ''}`}
              inputMode="decimal"
              {...form.register('amount')}
              error={errors.amount?.message}
              description={
                quote.data && /^\d[\d,]*(\.\d{0,2})?$/.test(amount.trim())
                  ? formatCurrency(amount.trim().replace(/,/g, '') || '0', quote.data.from.currency)
                  : undefined
              }
            />
            <FormField
              id="transfer-narration"
              label="Narration"
              maxLength={140}
              {...form.register('narration')}
              error={errors.narration?.message}
            />
            {can('treasury.rates') && quote.data && quote.data.from.currency !== quote.data.to.currency ? (
              <FormField
                id="transfer-rate"
                label="Agreed rate (leave empty for the day’s rate)"
                inputMode="decimal"
                {...form.register('rate')}
                error={errors.rate?.message}
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
            <TransferPreview quote={quote.data} amount={amount.replace(/,/g, '')} rate={v.rate ?? ''} />
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

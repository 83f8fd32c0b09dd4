import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  ACCOUNT_ENQUIRY_TEXT as T,
  accountNumberProblem,
  normaliseAccountNumber,
  type AccountDetails as Details,
} from '@bankmanager/contracts';
import { AlsoViewing } from '@/components/also-viewing';
import { CustomerLoans } from '@/components/lending/customer-loans';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { getAccount } from '../api/get-account';
import { downloadStatement } from '../api/download-statement';
import { useTransactions } from '../api/get-transactions';
import { AccountDetails } from '../components/account-details';
import { AccountStanding } from '../components/account-standing';
import { PrintHeader } from '../components/print-header';
import { HolderVerification } from '@/components/customer/holder-verification';
import { StatementDialog } from '../components/statement-dialog';
import { TransactionHistory } from '../components/transaction-history';
import { useDocumentTitle } from '@/hooks/use-document-title';

function History({ number }: { number: string }) {
  const tx = useTransactions(number);
  const items = tx.data?.pages.flatMap((p) => p.items) ?? [];
  async function exportShown() {
    // The period shown: from the oldest loaded posting to the newest.
    const to = items[0]?.date.slice(0, 10);
    const from = items.at(-1)?.date.slice(0, 10);
    if (!from || !to) return;
    try {
      await downloadStatement(number, from, to, 'csv');
    } catch (err) {
      toast({
        title: 'Error',
        description: err instanceof Error ? err.message : 'Export failed',
        variant: 'destructive',
      });
    }
  }
  if (tx.isPending) return <p role="status">Loading transactions...</p>;
  if (tx.isError)
    return (
      <p role="alert" className="text-destructive">
        {tx.error.message}
      </p>
    );
  return (
    <div className="grid gap-4">
      <TransactionHistory number={number} items={items} />
      <div className="flex justify-end gap-2 print:hidden">
        <Button
          variant="outline"
          disabled={!tx.hasNextPage || tx.isFetchingNextPage}
          onClick={() => void tx.fetchNextPage()}
        >
          {tx.isFetchingNextPage ? 'Loading...' : 'View More'}
        </Button>
        <Button variant="outline" disabled={items.length === 0} onClick={() => void exportShown()}>
          Export Transactions
        </Button>
      </div>
    </div>
  );
}

/**
 * docs/product.md §2.8 "Account Enquiry screen", reading the database; every lookup is audited server-side.
 */
export function AccountEnquiryRoute() {
  useDocumentTitle(T.title);
  // The account number lives in the query string: a reload or a link re-opens it.
  const [params, setParams] = useSearchParams();
  const [number, setNumber] = useState(() => params.get('account') ?? '');
  const [account, setAccount] = useState<Details | null>(null);
  const [searching, setSearching] = useState(false);
  // A typo in a linked number shows on the field at once, with no lookup.
  const [numberError, setNumberError] = useState<string | undefined>(() => {
    const linked = normaliseAccountNumber(params.get('account') ?? '');
    return linked ? (accountNumberProblem(linked) ?? undefined) : undefined;
  });

  async function lookUp(wanted: string) {
    setSearching(true);
    setAccount(null); // never show the previous account's data next to a new search
    try {
      const found = await getAccount(wanted);
      setAccount(found);
      toast({ title: T.foundTitle, description: T.found(found.accountNumber), variant: 'success' });
    } catch (err) {
      const message =
        err instanceof ApiError && err.status === 404
          ? T.notFound(wanted)
          : err instanceof Error
            ? err.message
            : String(err);
      toast({ title: 'Error', description: message, variant: 'destructive' });
      // Also on the field, with the cursor back in it, until the number is corrected.
      if (err instanceof ApiError && err.status === 404) {
        setNumberError(message);
        document.getElementById('account-number')?.focus();
      }
    } finally {
      setSearching(false);
    }
  }

  // Opened with ?account=: look it up once, as if searched (a typo still shows on the field).
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    const fromUrl = normaliseAccountNumber(params.get('account') ?? '');
    // Started from a callback, as an answer from outside would be, not as a render-time state change.
    if (fromUrl && !accountNumberProblem(fromUrl)) queueMicrotask(() => void lookUp(fromUrl));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  async function search(e: FormEvent) {
    e.preventDefault();
    const wanted = normaliseAccountNumber(number.trim());
    if (!wanted) {
      setNumberError(undefined);
      toast({ title: 'Error', description: T.numberRequired, variant: 'destructive' });
      return;
    }
    // A typo (wrong length or check digits) is caught here, on the field, before any lookup.
    const problem = accountNumberProblem(wanted);
    setNumberError(problem ?? undefined);
    if (problem) return;
    setParams({ account: wanted }, { replace: true });
    await lookUp(wanted);
  }

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-6">
      <h1 className="text-2xl font-semibold">{T.title}</h1>
      <form onSubmit={search} className="flex items-end gap-2 print:hidden" aria-label="Find account">
        <FormField
          id="account-number"
          label="Account Number"
          className="flex-1"
          value={number}
          onChange={(e) => {
            setNumber(e.target.value);
            setNumberError(undefined);
          }}
          placeholder="Enter account number"
          autoComplete="off"
          inputMode="numeric"
          error={numberError}
        />
        <Button type="submit" disabled={searching}>
          {searching ? 'Searching...' : 'Search'}
        </Button>
      </form>
      {account && (
        <div className="print:hidden">
          <AlsoViewing topic={`account:${account.accountNumber}`} />
        </div>
      )}
      {account && (
        <Tabs defaultValue="details" className="grid gap-4">
          <TabsList aria-label="Account information" className="print:hidden">
            <TabsTrigger value="details">Account Details</TabsTrigger>
            <TabsTrigger value="history">Transaction History</TabsTrigger>
          </TabsList>
          <TabsContent
            value="details"
            className="bg-card grid gap-6 rounded-lg border p-6 print:border-0 print:p-0"
          >
            <PrintHeader />
            <AccountDetails account={account} />
            <AccountStanding number={account.accountNumber} />
            <HolderVerification customerId={account.customerId} />
            {account.customerId ? (
              <CustomerLoans customerId={account.customerId} name={account.accountName} />
            ) : null}
            <div className="flex gap-2 print:hidden">
              <Button variant="outline" onClick={() => window.print()}>
                Print Details
              </Button>
              <StatementDialog accountNumber={account.accountNumber} />
            </div>
          </TabsContent>
          <TabsContent value="history">
            <History number={account.accountNumber} />
          </TabsContent>
        </Tabs>
      )}
    </main>
  );
}

export default AccountEnquiryRoute;

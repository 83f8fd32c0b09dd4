import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ManualJournalRequest } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { useGlAccounts } from '../api/get-gl-accounts';
import { usePostJournalEntry } from '../api/post-journal-entry';
import { ManualJournalForm } from '../components/manual-journal-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { RequestSent } from '@/components/approvals/request-sent';

/** /accounts/ledger/new-journal: a manual journal on GL accounts that allow manual posting. */
export function ManualJournalRoute() {
  useDocumentTitle('New journal entry');
  const navigate = useNavigate();
  const chart = useGlAccounts();
  const post = usePostJournalEntry();
  // Over the maker's limit the journal waits for a second person (ADR 0015): say so, post nothing.
  const [sent, setSent] = useState<string | null>(null);
  const postable = (chart.data ?? []).filter(
    (a) => a.kind === 'account' && a.manual_posting && a.status === 'active',
  );

  const onPost = (body: ManualJournalRequest, refused: (err: unknown) => void) => {
    post.mutate(body, {
      onSuccess: (r) => {
        if ('approvalId' in r) return setSent(r.approvalId);
        toast({ title: `Journal entry ${r.id} posted` });
        void navigate(`${paths.generalLedger}?tab=journal&entry=${r.id}`);
      },
      onError: refused,
    });
  };

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">New journal entry</h1>
        <Button asChild variant="outline">
          <Link to={`${paths.generalLedger}?tab=journal`}>Back to the journal</Link>
        </Button>
      </div>
      {sent ? (
        <section role="status" className="grid gap-2 rounded-md border p-4" data-testid="journal-sent">
          <RequestSent approvalId={sent} what="The journal entry" />
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={() => setSent(null)}>
              New journal entry
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.approvalsInbox}>Open the approvals inbox</Link>
            </Button>
          </div>
        </section>
      ) : chart.isPending ? (
        <p>Loading the chart of accounts...</p>
      ) : chart.isError ? (
        <p role="alert" className="text-destructive">
          {chart.error.message}
        </p>
      ) : (
        <ManualJournalForm accounts={postable} pending={post.isPending} onPost={onPost} />
      )}
    </main>
  );
}

import { useState } from 'react';
import { formatCurrency, formatDateTime } from '@bankmanager/contracts';
import { ReversalRequestForm } from '@/components/ledger/reversal-request-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useUrlPage } from '@/hooks/use-url-state';
import { usePermissions } from '@/lib/permissions';
import { toast } from '@/lib/toast';
import { downloadReceipt } from '../api/download-receipt';
import { JOURNAL_PAGE_SIZE, useSessionTransactions } from '../api/get-session-transactions';

/**
 * The till's journal, newest first, with each posting's receipt; a holder of postings.reverse (the
 * supervisor) asks for a posting's reversal from its row, which a second person approves.
 */
export function SessionJournal({ sessionId }: { sessionId: string }) {
  // Its own key beside the page of the list it sits under, so each keeps its page in the URL.
  const [page, setPage] = useUrlPage('journalPage');
  const [reversing, setReversing] = useState<{ entryId: string; reference: string }>();
  const { can } = usePermissions();
  const list = useSessionTransactions(sessionId, page);
  const receipt = (entryId: string) =>
    downloadReceipt(entryId).catch((err: unknown) =>
      toast({
        title: 'Error',
        description: err instanceof Error ? err.message : 'Download failed',
        variant: 'destructive',
      }),
    );
  if (list.isPending) return <p role="status">Loading the journal…</p>;
  if (list.isError) return <p role="alert">{list.error.message}</p>;
  return (
    <section aria-label="Till journal" className="grid gap-2">
      <h2 className="text-lg font-semibold">Journal</h2>
      <Table>
        <TableCaption>Cash deposits and withdrawals of this till</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Time</TableHead>
            <TableHead>Kind</TableHead>
            <TableHead>Account</TableHead>
            <TableHead align="right">Amount</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Receipt</TableHead>
            {can('postings.reverse') ? <TableHead>Reverse</TableHead> : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.data.rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={7}>Nothing yet.</TableCell>
            </TableRow>
          ) : null}
          {list.data.rows.map((t) => (
            <TableRow key={t.id}>
              <TableCell kind="date">{formatDateTime(t.postedAt ?? t.createdAt)}</TableCell>
              <TableCell>
                {t.kind}
                {t.ctrFlag ? (
                  <Badge variant="warning" className="ml-2" title="Currency transaction report candidate">
                    CTR
                  </Badge>
                ) : null}
              </TableCell>
              <TableCell kind="code">
                {t.accountNumber} {t.accountName}
              </TableCell>
              <TableCell align="right" kind="amount">
                {formatCurrency(t.amount, t.currency)}
              </TableCell>
              <TableCell>{t.status.replace('_', ' ')}</TableCell>
              <TableCell>
                {t.entryId ? (
                  <Button size="sm" variant="outline" onClick={() => void receipt(t.entryId!)}>
                    PDF<span className="sr-only"> receipt of {t.reference}</span>
                  </Button>
                ) : null}
              </TableCell>
              {can('postings.reverse') ? (
                <TableCell>
                  {t.entryId && t.status === 'posted' ? (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setReversing({ entryId: t.entryId!, reference: t.reference })}
                    >
                      Reverse<span className="sr-only"> {t.reference}</span>
                    </Button>
                  ) : null}
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination page={page} pageSize={JOURNAL_PAGE_SIZE} total={list.data.total} onPage={setPage} />
      {reversing ? (
        <Dialog open onOpenChange={(open) => (!open ? setReversing(undefined) : undefined)}>
          <DialogContent>
            <DialogTitle>Reverse a posting</DialogTitle>
            <DialogDescription>{reversing.reference}</DialogDescription>
            <ReversalRequestForm entryId={reversing.entryId} />
          </DialogContent>
        </Dialog>
      ) : null}
    </section>
  );
}

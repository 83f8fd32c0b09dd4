import { Fragment, useState } from 'react';
import { formatAmount, type Transaction } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { usePermissions } from '@/lib/permissions';
import { PostingLegs } from './posting-legs';
import { ReversePostingDialog } from './reverse-posting-dialog';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/**
 * docs/product.md §2: Date, Description, Amount (+ green for credits, - red for debits), Balance; each row
 * can show its journal entry's other legs (where the money came from or went to) on demand.
 */
export function TransactionHistory({ number, items }: { number: string; items: Transaction[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [reversing, setReversing] = useState<Transaction | null>(null);
  const mayReverse = usePermissions().can('postings.reverse');
  const toggle = (id: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  if (items.length === 0)
    return <p className="text-muted-foreground py-6 text-center">No transactions on this account yet.</p>;
  return (
    <>
      <Table aria-label="Transaction history">
        <TableHeader>
          <tr>
            <TableHead>Date</TableHead>
            <TableHead>Description</TableHead>
            <TableHead align="right">Amount</TableHead>
            <TableHead align="right">Balance</TableHead>
            <TableHead className="print:hidden">
              <span className="sr-only">From / to</span>
            </TableHead>
          </tr>
        </TableHeader>
        <TableBody>
          {items.map((t) => (
            <Fragment key={t.id}>
              <TableRow>
                <TableCell kind="date">{dateFormat.format(new Date(t.date))}</TableCell>
                <TableCell>{t.description}</TableCell>
                <TableCell
                  align="right"
                  kind="amount"
                  className={
                    t.type === 'credit'
                      ? 'text-green-700 dark:text-green-400'
                      : 'text-red-700 dark:text-red-400'
                  }
                >
                  {t.type === 'credit' ? '+' : '-'}
                  {formatAmount(t.amount)}
                </TableCell>
                <TableCell align="right" kind="amount">
                  {formatAmount(t.balance)}
                </TableCell>
                <TableCell className="print:hidden">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-expanded={open.has(t.id)}
                    aria-controls={`legs-${t.id}`}
                    onClick={() => toggle(t.id)}
                  >
                    {open.has(t.id) ? 'Hide from/to' : 'From/to'}
                  </Button>
                  {/* Offered only where it can succeed: not on a reversal's line, nor on one already reversed. */}
                  {mayReverse && t.reversible ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Reverse the posting of ${dateFormat.format(new Date(t.date))}: ${t.description}`}
                      onClick={() => setReversing(t)}
                    >
                      Reverse
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
              {open.has(t.id) ? (
                <TableRow id={`legs-${t.id}`}>
                  <TableCell colSpan={5}>
                    <PostingLegs number={number} id={t.id} />
                  </TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          ))}
        </TableBody>
      </Table>
      {reversing ? (
        <ReversePostingDialog number={number} transaction={reversing} onClose={() => setReversing(null)} />
      ) : null}
    </>
  );
}

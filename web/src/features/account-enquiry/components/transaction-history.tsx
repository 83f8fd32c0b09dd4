import { formatAmount, type Transaction } from '@bankmanager/contracts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** SPEC §2: Date, Description, Amount (+ green for credits, - red for debits), Balance. */
export function TransactionHistory({ items }: { items: Transaction[] }) {
  if (items.length === 0)
    return <p className="text-muted-foreground py-6 text-center">No transactions on this account yet.</p>;
  return (
    <Table aria-label="Transaction history">
      <TableHeader>
        <tr>
          <TableHead>Date</TableHead>
          <TableHead>Description</TableHead>
          <TableHead align="right">Amount</TableHead>
          <TableHead align="right">Balance</TableHead>
        </tr>
      </TableHeader>
      <TableBody>
        {items.map((t) => (
          <TableRow key={t.id}>
            <TableCell kind="date">{dateFormat.format(new Date(t.date))}</TableCell>
            <TableCell>{t.description}</TableCell>
            <TableCell
              align="right"
              kind="amount"
              className={
                t.type === 'credit' ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'
              }
            >
              {t.type === 'credit' ? '+' : '-'}
              {formatAmount(t.amount)}
            </TableCell>
            <TableCell align="right" kind="amount">
              {formatAmount(t.balance)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

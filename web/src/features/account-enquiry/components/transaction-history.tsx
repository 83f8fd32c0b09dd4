import { formatAmount, type Transaction } from '@bankmanager/contracts';
import { cn } from '@/lib/cn';

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
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm" aria-label="Transaction history">
        <thead className="bg-muted text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Date
            </th>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Description
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Amount
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Balance
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((t) => (
            <tr key={t.id} className="border-t">
              <td className="px-3 py-2 whitespace-nowrap">{dateFormat.format(new Date(t.date))}</td>
              <td className="px-3 py-2">{t.description}</td>
              <td
                className={cn(
                  'px-3 py-2 text-right font-mono tabular-nums',
                  t.type === 'credit'
                    ? 'text-green-700 dark:text-green-400'
                    : 'text-red-700 dark:text-red-400',
                )}
              >
                {t.type === 'credit' ? '+' : '-'}
                {formatAmount(t.amount)}
              </td>
              <td className="px-3 py-2 text-right font-mono tabular-nums">{formatAmount(t.balance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

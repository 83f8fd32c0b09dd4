import {
  formatCurrency,
  formatDateTime,
  formatLongDate,
  padCustomerId,
  type AccountDetails as Details,
} from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';

/** docs/product.md §2 details; green badge for Active, red otherwise. Printed as a clean one-page sheet. */
export function AccountDetails({ account }: { account: Details }) {
  const rows: Array<[string, React.ReactNode]> = [
    ['Account Number', <span className="font-mono">{account.accountNumber}</span>],
    ['Account Name', account.accountName],
    ['Account Type', account.accountType],
    [
      'Current Balance',
      <span className="font-mono tabular-nums">{formatCurrency(account.balance, account.currency)}</span>,
    ],
    ['Status', <Badge variant={account.status === 'Active' ? 'active' : 'blocked'}>{account.status}</Badge>],
    ['Date Opened', formatLongDate(account.dateOpened)],
    ['Branch', account.branch],
    // What a teller checks before they answer the customer.
    ['Currency', account.currency],
    ['Customer ID', account.customerId !== undefined ? padCustomerId(account.customerId) : '—'],
    ['Last Activity', account.lastActivity ? formatDateTime(account.lastActivity) : 'No postings yet'],
  ];
  return (
    <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-2 print:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-muted-foreground text-sm">{label}</dt>
          <dd className="text-base font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

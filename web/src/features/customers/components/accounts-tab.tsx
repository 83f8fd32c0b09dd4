import { formatCurrency, productDisplayName, type Customer360 } from '@bankmanager/contracts';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

/** The customer's accounts with their products and balances. */
export function AccountsTab({ customer: c }: { customer: Customer360 }) {
  if (c.accounts.length === 0) return <p>No accounts yet.</p>;
  return (
    <div className="overflow-x-auto">
      <Table>
        <TableCaption className="sr-only">Accounts of {c.name}</TableCaption>
        <TableHeader>
          <tr>
            <TableHead>Account number</TableHead>
            <TableHead>Product</TableHead>
            <TableHead>Status</TableHead>
            <TableHead align="right">Balance</TableHead>
          </tr>
        </TableHeader>
        <TableBody>
          {c.accounts.map((a) => (
            <TableRow key={a.accountNumber}>
              <TableCell kind="code">{a.accountNumber}</TableCell>
              <TableCell>{a.product === null ? a.type : productDisplayName(a.product, a.currency)}</TableCell>
              <TableCell>{a.status}</TableCell>
              <TableCell kind="amount" align="right">
                {formatCurrency(a.balance, a.currency === 'USD' ? 'USD' : 'SLE')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

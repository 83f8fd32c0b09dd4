import { Link } from 'react-router';
import { formatCurrency } from '@bankmanager/contracts';
import { paths } from '@/config/paths';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { usePermissions } from '@/lib/permissions';
import { useCustomerLoans } from './get-customer-loans';

/**
 * A customer's loans with the principal each still owes and its arrears (days past due, amount
 * overdue), each opening the loan 360. Customer 360 and Account Enquiry both show it, to holders of
 * loans.read only: a teller or a clerk looking up an account is not shown the credit file.
 */
export function CustomerLoans({ customerId, name }: { customerId: number; name: string }) {
  const { can } = usePermissions();
  const allowed = can('loans.read');
  const loans = useCustomerLoans(customerId, allowed);
  if (!allowed) return null;
  return (
    <section aria-labelledby="customer-loans" className="space-y-2 pt-6">
      <h3 id="customer-loans" className="text-lg font-semibold">
        Loans
      </h3>
      {loans.isPending ? <p role="status">Loading the loans…</p> : null}
      {loans.isError ? (
        <p role="alert" className="text-destructive">
          {loans.error.message}
        </p>
      ) : null}
      {loans.data && loans.data.total === 0 ? <p>No loans.</p> : null}
      {loans.data && loans.data.total > 0 ? (
        <div className="overflow-x-auto">
          <Table>
            <TableCaption className="sr-only">Loans of {name}</TableCaption>
            <TableHeader>
              <tr>
                <TableHead>Loan account</TableHead>
                <TableHead>Product</TableHead>
                <TableHead>Status</TableHead>
                <TableHead align="right">Outstanding</TableHead>
                <TableHead align="right">Days past due</TableHead>
                <TableHead align="right">Overdue</TableHead>
              </tr>
            </TableHeader>
            <TableBody>
              {loans.data.rows.map((l) => (
                <TableRow key={l.id}>
                  <TableCell kind="code">
                    <Link className="underline" to={`${paths.loanManager}?id=${l.id}`}>
                      {l.accountNumber}
                    </Link>
                  </TableCell>
                  <TableCell>{l.productName}</TableCell>
                  <TableCell>{l.status}</TableCell>
                  <TableCell kind="amount" align="right">
                    {formatCurrency(l.outstanding, l.currency)}
                  </TableCell>
                  <TableCell kind="amount" align="right">
                    {l.daysPastDue}
                  </TableCell>
                  <TableCell
                    kind="amount"
                    align="right"
                    className={l.daysPastDue > 0 ? 'text-destructive font-medium' : undefined}
                  >
                    {formatCurrency(l.arrears, l.currency)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : null}
    </section>
  );
}

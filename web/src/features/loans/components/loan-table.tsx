import { Link } from 'react-router';
import { formatAmount, formatDate, type LoanListQuery, type LoanSummary } from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';
import { SortableTableHead, type SortOrder } from '@/components/ui/sortable-table-head';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

type Sort = LoanListQuery['sort'];

/** One page of loans; each account number opens the loan 360 (`?id=`), so the link is the keyboard path. */
export function LoanTable({
  rows,
  sort,
  order,
  onSort,
  caption,
  href,
}: {
  rows: LoanSummary[];
  sort: Sort;
  order: SortOrder;
  onSort: (sort: Sort, order: SortOrder) => void;
  caption: string;
  /** Where a loan opens; by default this screen with `?id=`. */
  href?: (id: number) => string;
}) {
  const head = (label: string, key: Sort, align?: 'right') => (
    <SortableTableHead label={label} sortKey={key} sort={sort} order={order} onSort={onSort} align={align} />
  );
  return (
    <Table>
      <TableCaption>{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          {head('Loan', 'id')}
          <TableHead>Account</TableHead>
          <TableHead>Customer</TableHead>
          <TableHead>Product</TableHead>
          {head('Amount', 'amount', 'right')}
          {head('Outstanding', 'outstanding', 'right')}
          <TableHead>Status</TableHead>
          <TableHead>Branch</TableHead>
          {head('Disbursed', 'disbursed')}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((l) => (
          <TableRow key={l.id}>
            <TableCell>
              <Link
                className="underline"
                to={href ? href(l.id) : `?id=${l.id}`}
                aria-label={`Loan ${l.id}: ${l.customerName}`}
              >
                {l.id}
              </Link>
            </TableCell>
            <TableCell kind="code">{l.accountNumber}</TableCell>
            <TableCell>{l.customerName}</TableCell>
            <TableCell kind="code">{l.productCode}</TableCell>
            <TableCell align="right" kind="amount">
              {formatAmount(l.amount)}
            </TableCell>
            <TableCell align="right" kind="amount">
              {formatAmount(l.outstanding)}
            </TableCell>
            <TableCell>
              <Badge variant={l.status === 'Active' ? 'default' : 'secondary'}>{l.status}</Badge>
            </TableCell>
            <TableCell kind="code">{l.branch}</TableCell>
            <TableCell kind="date">{formatDate(l.disbursementDate)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

import { Link } from 'react-router';
import {
  formatAmount,
  formatDate,
  type LoanApplication,
  type LoanApplicationListQuery,
} from '@bankmanager/contracts';
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

type Sort = LoanApplicationListQuery['sort'];

/** One page of applications; each number opens the application (`?id=`), so the link is the keyboard path. */
export function ApplicationTable({
  rows,
  sort,
  order,
  onSort,
}: {
  rows: LoanApplication[];
  sort: Sort;
  order: SortOrder;
  onSort: (sort: Sort, order: SortOrder) => void;
}) {
  const head = (label: string, key: Sort, align?: 'right') => (
    <SortableTableHead label={label} sortKey={key} sort={sort} order={order} onSort={onSort} align={align} />
  );
  return (
    <Table>
      <TableCaption>Loan applications</TableCaption>
      <TableHeader>
        <TableRow>
          {head('No.', 'id')}
          <TableHead>Customer</TableHead>
          <TableHead>Product</TableHead>
          {head('Amount', 'amount', 'right')}
          {head('Status', 'status')}
          <TableHead>Branch</TableHead>
          <TableHead>Officer</TableHead>
          {head('Created', 'created')}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((a) => (
          <TableRow key={a.id}>
            <TableCell>
              <Link
                className="underline"
                to={`?id=${a.id}`}
                aria-label={`Application ${a.id}: ${a.customerName}`}
              >
                {a.id}
              </Link>
            </TableCell>
            <TableCell>{a.customerName}</TableCell>
            <TableCell kind="code">{a.productCode}</TableCell>
            <TableCell align="right" kind="amount">
              {formatAmount(a.amount)}
            </TableCell>
            <TableCell>
              <Badge variant={a.status === 'Approved' ? 'default' : 'secondary'}>{a.status}</Badge>
            </TableCell>
            <TableCell kind="code">{a.branch}</TableCell>
            <TableCell>{a.officerEmail}</TableCell>
            <TableCell kind="date">{formatDate(a.createdAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

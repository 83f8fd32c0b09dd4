import { Link } from 'react-router';
import { LOAN_LABELS, type LoanProduct, type LoanProductListQuery } from '@bankmanager/contracts';
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
import { showAmounts, showRates, showTerm } from '../lib/show';

type Sort = LoanProductListQuery['sort'];

/** One page of loan products; each code opens its detail (`?code=`), so the link is the keyboard path. */
export function LoanProductTable({
  products,
  sort,
  order,
  onSort,
}: {
  products: LoanProduct[];
  sort: Sort;
  order: SortOrder;
  onSort: (sort: Sort, order: SortOrder) => void;
}) {
  const head = (label: string, key: Sort) => (
    <SortableTableHead label={label} sortKey={key} sort={sort} order={order} onSort={onSort} />
  );
  return (
    <Table>
      <TableCaption>Loan products</TableCaption>
      <TableHeader>
        <TableRow>
          {head('Code', 'code')}
          {head('Name', 'name')}
          {head('Currency', 'currency')}
          {head('Status', 'status')}
          <TableHead>Method</TableHead>
          <TableHead>Amount</TableHead>
          <TableHead>Term</TableHead>
          <TableHead>Rate</TableHead>
          <TableHead align="right">Version</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {products.map((p) => (
          <TableRow key={p.code}>
            <TableCell kind="code">
              <Link
                className="underline"
                to={`?code=${encodeURIComponent(p.code)}`}
                aria-label={`${p.code}: ${p.name}`}
              >
                {p.code}
              </Link>
            </TableCell>
            <TableCell>{p.name}</TableCell>
            <TableCell>{p.currency}</TableCell>
            <TableCell>
              <Badge variant={p.status === 'active' ? 'secondary' : 'outline'}>
                {p.status === 'active' ? 'Active' : 'Retired'}
              </Badge>
            </TableCell>
            <TableCell>
              {LOAN_LABELS.interestMethod[p.terms.interestMethod]},{' '}
              {LOAN_LABELS.frequency[p.terms.repaymentFrequency].toLowerCase()}
            </TableCell>
            <TableCell kind="amount">{showAmounts(p.terms, p.currency)}</TableCell>
            <TableCell>{showTerm(p.terms)}</TableCell>
            <TableCell>{showRates(p.terms)}</TableCell>
            <TableCell align="right" kind="amount">
              {p.version}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

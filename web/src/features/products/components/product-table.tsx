import { Link } from 'react-router';
import type { Product } from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { rateInForce } from '../lib/show';

/** The deposit products; each code opens its detail (`?code=`), so the link is the keyboard path. */
export function ProductTable({ products }: { products: Product[] }) {
  return (
    <Table>
      <TableCaption>Deposit products</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Code</TableHead>
          <TableHead>Name</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Currency</TableHead>
          <TableHead>Status</TableHead>
          <TableHead align="right">Rate in force</TableHead>
          <TableHead align="right">Open accounts</TableHead>
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
            <TableCell>{p.accountType}</TableCell>
            <TableCell>{p.currency}</TableCell>
            <TableCell>
              <Badge variant={p.status === 'active' ? 'secondary' : 'outline'}>
                {p.status === 'active' ? 'Active' : 'Retired'}
              </Badge>
            </TableCell>
            <TableCell align="right" kind="amount">
              {rateInForce(p.terms)}
            </TableCell>
            <TableCell align="right" kind="amount">
              {p.openAccounts.toLocaleString('en-US')}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

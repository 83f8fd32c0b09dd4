import { formatLongDate, type LoanProduct } from '@bankmanager/contracts';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { showAmounts, showFee, showRates, showTerm } from '../lib/show';

/** A product's versions, newest first as the server sends them, with who approved each and why. */
export function LoanVersions({ product }: { product: LoanProduct }) {
  return (
    <Table>
      <TableCaption>{`${product.code} versions, newest first; new loans take the newest`}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Version</TableHead>
          <TableHead>Amount</TableHead>
          <TableHead>Term</TableHead>
          <TableHead>Rate</TableHead>
          <TableHead>Processing fee</TableHead>
          <TableHead>Reason</TableHead>
          <TableHead>Approved by</TableHead>
          <TableHead>Approved on</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {product.versions.map((v) => (
          <TableRow key={v.version}>
            <TableCell kind="amount">{v.version}</TableCell>
            <TableCell kind="amount">{showAmounts(v.terms, product.currency)}</TableCell>
            <TableCell>{showTerm(v.terms)}</TableCell>
            <TableCell>{showRates(v.terms)}</TableCell>
            <TableCell>{showFee(v.terms, product.currency)}</TableCell>
            <TableCell>{v.reason ?? '—'}</TableCell>
            <TableCell>{v.approvedBy ?? 'Seeded'}</TableCell>
            <TableCell kind="date">
              {v.approvedAt ? formatLongDate(v.approvedAt.slice(0, 10)) : '—'}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

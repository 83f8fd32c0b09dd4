import type { Product } from '@bankmanager/contracts';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { rateInForce, showDate, showMoney } from '../lib/show';

/** A product's terms versions, newest first as the server sends them, with who approved each. */
export function VersionHistory({ product }: { product: Product }) {
  return (
    <Table>
      <TableCaption>{`${product.code} terms versions, newest first`}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Version</TableHead>
          <TableHead>Effective from</TableHead>
          <TableHead align="right">Credit rate</TableHead>
          <TableHead align="right">Monthly fee</TableHead>
          <TableHead>Approved by</TableHead>
          <TableHead>Approved on</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {product.versions.map((v) => (
          <TableRow key={v.version}>
            <TableCell kind="amount">{v.version}</TableCell>
            <TableCell kind="date">{showDate(v.effectiveFrom)}</TableCell>
            <TableCell align="right" kind="amount">
              {rateInForce(v)}
            </TableCell>
            <TableCell align="right" kind="amount">
              {showMoney(v.monthlyFee, product.currency)}
            </TableCell>
            <TableCell>{v.approvedBy ?? 'Seeded'}</TableCell>
            <TableCell kind="date">{showDate(v.approvedAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

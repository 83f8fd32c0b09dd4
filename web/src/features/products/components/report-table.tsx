import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import type { ProductReportRow } from '../api/get-product-report';
import { showMoney } from '../lib/show';

/** "Active 12, Dormant 3": the statuses the product's accounts are in, the server's order. */
const byStatus = (counts: Record<string, number>) =>
  Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${s} ${n.toLocaleString('en-US')}`)
    .join(', ') || 'No accounts';

export function ReportTable({ rows }: { rows: ProductReportRow[] }) {
  return (
    <Table>
      <TableCaption>Products report</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Code</TableHead>
          <TableHead>Name</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Currency</TableHead>
          <TableHead align="right">Rate in force</TableHead>
          <TableHead>Accounts by status</TableHead>
          <TableHead align="right">Total balance</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.code}>
            <TableCell kind="code">{r.code}</TableCell>
            <TableCell>{r.name}</TableCell>
            <TableCell>{r.accountType}</TableCell>
            <TableCell>{r.currency}</TableCell>
            <TableCell align="right" kind="amount">
              {r.rateInForce} %
            </TableCell>
            <TableCell>{byStatus(r.accountsByStatus)}</TableCell>
            <TableCell align="right" kind="amount" className="whitespace-nowrap">
              {showMoney(r.totalBalance, r.currency)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

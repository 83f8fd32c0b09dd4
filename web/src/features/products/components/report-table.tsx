import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import type { ProductReport } from '../api/get-product-report';
import { showMoney, showRate } from '../lib/show';

/** "Active 12, Dormant 3": only the statuses the product's accounts are in. */
const byStatus = (counts: Record<string, number>) =>
  Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${s} ${n.toLocaleString('en-US')}`)
    .join(', ') || 'No accounts';

const count = (n: number) => n.toLocaleString('en-US');

/** One row per product, then a total per currency (a sum across currencies would mean nothing). */
export function ReportTable({ report }: { report: ProductReport }) {
  return (
    <Table>
      <TableCaption>Products report</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Code</TableHead>
          <TableHead>Name</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Status</TableHead>
          <TableHead align="right">Rate in force</TableHead>
          <TableHead>Accounts by status</TableHead>
          <TableHead align="right">Accounts</TableHead>
          <TableHead align="right">Total balance</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {report.rows.map((r) => (
          <TableRow key={r.code}>
            <TableCell kind="code">{r.code}</TableCell>
            <TableCell>{r.name}</TableCell>
            <TableCell>{r.accountType}</TableCell>
            <TableCell>{r.status}</TableCell>
            <TableCell align="right" kind="amount" className="whitespace-nowrap">
              {r.rate ? showRate(r.rate) : '—'}
            </TableCell>
            <TableCell>{byStatus(r.byStatus)}</TableCell>
            <TableCell align="right" kind="amount">
              {count(r.accounts)}
            </TableCell>
            <TableCell align="right" kind="amount" className="whitespace-nowrap">
              {showMoney(r.balance, r.currency)}
            </TableCell>
          </TableRow>
        ))}
        {report.totals.map((t) => (
          <TableRow key={t.currency} className="font-medium">
            <TableHead scope="row" colSpan={6}>
              Total in {t.currency}
            </TableHead>
            <TableCell align="right" kind="amount">
              {count(t.accounts)}
            </TableCell>
            <TableCell align="right" kind="amount" className="whitespace-nowrap">
              {showMoney(t.balance, t.currency)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

import {
  formatCurrency,
  fromCents,
  sharePercent,
  toCents,
  type Currency,
  type ProductMix,
} from '@bankmanager/contracts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

/** The mix by product at one month end, for one currency: each product's amount and share of its kind. */
export function ProductMixTable({
  rows,
  currency,
  asAt,
}: {
  rows: ProductMix[];
  currency: Currency;
  asAt: string;
}) {
  const mine = rows.filter((r) => r.currency === currency);
  const total = (kind: ProductMix['kind']) =>
    mine.filter((r) => r.kind === kind).reduce((t, r) => t + toCents(r.amount), 0n);
  const totals = { deposit: total('deposit'), loan: total('loan') };
  return (
    <div className="overflow-x-auto">
      <Table aria-label={`Mix by product at ${asAt}, ${currency}`}>
        <TableHeader>
          <TableRow>
            <TableHead>Product</TableHead>
            <TableHead>Kind</TableHead>
            <TableHead align="right">Amount</TableHead>
            <TableHead align="right">Share of kind</TableHead>
            <TableHead align="right">Accounts</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {mine.map((r) => (
            <TableRow key={`${r.productCode}-${r.currency}`}>
              <TableCell>{`${r.productCode} ${r.productName}`}</TableCell>
              <TableCell>{r.kind === 'loan' ? 'Loan' : 'Deposit'}</TableCell>
              <TableCell align="right" kind="amount">
                {formatCurrency(r.amount, currency)}
              </TableCell>
              <TableCell align="right">{sharePercent(r.amount, totals[r.kind])}</TableCell>
              <TableCell align="right">{r.accounts}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell className="font-medium">Total deposits</TableCell>
            <TableCell />
            <TableCell align="right" kind="amount" className="font-medium">
              {formatCurrency(fromCents(totals.deposit), currency)}
            </TableCell>
            <TableCell />
            <TableCell />
          </TableRow>
        </TableBody>
      </Table>
    </div>
  );
}

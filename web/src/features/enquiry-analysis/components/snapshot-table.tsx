import { formatCurrency, type Snapshot } from '@bankmanager/contracts';
import { formatDate } from '@bankmanager/contracts/format';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

const KIND = { deposit: 'Deposits', loan: 'Loans outstanding' } as const;

/** Totals per kind and currency (never SLE and USD added together), then each branch's products. */
export function SnapshotTable({ data }: { data: Snapshot }) {
  return (
    <div className="flex flex-col gap-6">
      <section aria-label="Totals" className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {data.totals.map((t) => (
          <div key={`${t.kind}-${t.currency}`} className="bg-card rounded-lg border p-4">
            <p className="text-muted-foreground text-sm">{`${KIND[t.kind]}, ${t.currency}`}</p>
            <p className="text-xl font-semibold tabular-nums">{formatCurrency(t.amount, t.currency)}</p>
            <p className="text-muted-foreground text-sm">{`${t.accounts} account${t.accounts === 1 ? '' : 's'}`}</p>
          </div>
        ))}
      </section>
      <div className="overflow-x-auto">
        <Table aria-label={`Balances at the close of ${formatDate(data.asAt ?? data.date)}`}>
          <TableHeader>
            <TableRow>
              <TableHead>Branch</TableHead>
              <TableHead>Product</TableHead>
              <TableHead>Account type</TableHead>
              <TableHead>Currency</TableHead>
              <TableHead align="right">Amount</TableHead>
              <TableHead align="right">Accounts</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.rows.map((r) => (
              <TableRow key={`${r.branchCode}-${r.productCode}-${r.currency}`}>
                <TableCell>{`${r.branchCode} ${r.branchName}`}</TableCell>
                <TableCell>{`${r.productCode} ${r.productName}`}</TableCell>
                <TableCell>{r.kind === 'loan' ? 'Loan (outstanding)' : r.accountType}</TableCell>
                <TableCell>{r.currency}</TableCell>
                <TableCell align="right" kind="amount">
                  {formatCurrency(r.amount, r.currency)}
                </TableCell>
                <TableCell align="right">{r.accounts}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

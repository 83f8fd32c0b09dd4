import { useState } from 'react';
import { formatCurrency, toCents, type BranchStatisticsRow, type Currency } from '@bankmanager/contracts';
import { SortableTableHead, type SortOrder } from '@/components/ui/sortable-table-head';
import { Table, TableBody, TableCell, TableHeader, TableRow } from '@/components/ui/table';

type Key = keyof Omit<BranchStatisticsRow, 'branchName'>;
const MONEY: Key[] = ['deposits', 'loans', 'cash'];

const COLUMNS: Array<[Key, string]> = [
  ['branchCode', 'Branch'],
  ['customersOpened', 'Customers opened'],
  ['accountsOpened', 'Accounts opened'],
  ['accountsClosed', 'Accounts closed'],
  ['deposits', 'Deposits'],
  ['loans', 'Loans outstanding'],
  ['cash', 'Cash at close'],
];

/** Money compares in cents, counts as numbers; a missing count sorts first. */
function compare(a: BranchStatisticsRow, b: BranchStatisticsRow, key: Key): number {
  if (MONEY.includes(key)) {
    const d = toCents(a[key] as string) - toCents(b[key] as string);
    return d === 0n ? 0 : d < 0n ? -1 : 1;
  }
  if (key === 'branchCode') return a.branchCode.localeCompare(b.branchCode);
  return ((a[key] as number | null) ?? -1) - ((b[key] as number | null) ?? -1);
}

/**
 * One row per branch, sorted here by any column: the branches are a short, fixed list, all in the
 * answer, so sorting them needs no round trip.
 */
export function BranchStatisticsTable({
  rows,
  currency,
}: {
  rows: BranchStatisticsRow[];
  currency: Currency;
}) {
  const [sort, setSort] = useState<Key>('branchCode');
  const [order, setOrder] = useState<SortOrder>('asc');
  const sorted = [...rows].sort((a, b) => (order === 'asc' ? 1 : -1) * compare(a, b, sort));
  return (
    <div className="overflow-x-auto">
      <Table aria-label="Branch statistics">
        <TableHeader>
          <TableRow>
            {COLUMNS.map(([key, label]) => (
              <SortableTableHead
                key={key}
                label={label}
                sortKey={key}
                sort={sort}
                order={order}
                align={key === 'branchCode' ? undefined : 'right'}
                onSort={(k, o) => {
                  setSort(k);
                  setOrder(o);
                }}
              />
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {sorted.map((r) => (
            <TableRow key={r.branchCode}>
              <TableCell>{`${r.branchCode} ${r.branchName}`}</TableCell>
              <TableCell align="right">{r.customersOpened}</TableCell>
              <TableCell align="right">{r.accountsOpened}</TableCell>
              <TableCell align="right">{r.accountsClosed ?? '—'}</TableCell>
              {MONEY.map((k) => (
                <TableCell key={k} align="right" kind="amount">
                  {formatCurrency(r[k] as string, currency)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

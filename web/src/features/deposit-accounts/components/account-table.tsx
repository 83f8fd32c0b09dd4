import { formatAccountNumber, formatCurrency, type AccountRow } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { SortableTableHead } from '@/components/ui/sortable-table-head';
import { daysBetween } from '../lib/days';
import type { ListColumn } from '../lib/screens';
import { InterestFigure } from './interest-figure';
import { AccountStatusBadge } from '@/components/accounts/account-status-badge';

interface Props {
  caption: string;
  rows: AccountRow[];
  columns: ListColumn[];
  sort: string;
  order: 'asc' | 'desc';
  onSort: (sort: string, order: 'asc' | 'desc') => void;
  onOpen: (accountNumber: string) => void;
  businessDate?: string;
}

type Col = { label: string; sort?: string; amount?: boolean; cell: (r: AccountRow) => React.ReactNode };

const money = (v: string, r: AccountRow) => formatCurrency(v, r.currency);

/** The columns beyond the common ones, per screen. */
function extraColumns(columns: ListColumn[], businessDate?: string): Col[] {
  const all: Record<ListColumn, Col[]> = {
    available: [{ label: 'Available', amount: true, cell: (r) => money(r.available, r) }],
    overdraft: [
      { label: 'Limit', amount: true, cell: (r) => money(r.overdraftLimit, r) },
      { label: 'Limit expires', cell: (r) => r.overdraftExpiresOn ?? '—' },
    ],
    overdrawn: [
      {
        label: 'Days overdrawn',
        cell: (r) => (r.overdrawnSince && businessDate ? daysBetween(r.overdrawnSince, businessDate) : '—'),
      },
    ],
    interest: [
      { label: 'Rate in force', cell: (r) => <InterestFigure number={r.accountNumber} field="rate" /> },
      {
        label: 'Accrued to date',
        amount: true,
        cell: (r) => <InterestFigure number={r.accountNumber} field="accrued" />,
      },
    ],
    maturity: [
      { label: 'Tenor', cell: (r) => (r.tenorMonths ? `${r.tenorMonths} months` : '—') },
      { label: 'Matures', sort: 'maturity', cell: (r) => r.maturityDate ?? '—' },
    ],
    closed: [{ label: 'Closed on', cell: (r) => r.closedOn ?? '—' }],
  };
  return columns.flatMap((c) => all[c]);
}

/** A page of accounts. Sortable headers say their direction (aria-sort); the number opens the account. */
export function AccountTable({ caption, rows, columns, sort, order, onSort, onOpen, businessDate }: Props) {
  const cols: Col[] = [
    {
      label: 'Account number',
      sort: 'number',
      cell: (r) => (
        <Button variant="link" className="h-auto p-0 font-mono" onClick={() => onOpen(r.accountNumber)}>
          {formatAccountNumber(r.accountNumber)}
        </Button>
      ),
    },
    { label: 'Account name', sort: 'name', cell: (r) => r.accountName },
    { label: 'Product', cell: (r) => r.productName },
    { label: 'Status', cell: (r) => <AccountStatusBadge status={r.status} blockKind={r.blockKind} /> },
    { label: 'Branch', cell: (r) => r.branch },
    { label: 'Opened', sort: 'opened', cell: (r) => r.openedOn },
    { label: 'Balance', sort: 'balance', amount: true, cell: (r) => money(r.balance, r) },
    ...extraColumns(columns, businessDate),
  ];
  return (
    <div className="overflow-x-auto">
      <Table>
        <TableCaption className="sr-only">{caption}</TableCaption>
        <TableHeader>
          <tr>
            {cols.map((c) =>
              c.sort ? (
                <SortableTableHead
                  key={c.label}
                  label={c.label}
                  sortKey={c.sort}
                  sort={sort}
                  order={order}
                  onSort={onSort}
                  align={c.amount ? 'right' : undefined}
                />
              ) : (
                <TableHead key={c.label} align={c.amount ? 'right' : undefined}>
                  {c.label}
                </TableHead>
              ),
            )}
          </tr>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.accountNumber}>
              {cols.map((c) => (
                <TableCell
                  key={c.label}
                  kind={c.amount ? 'amount' : undefined}
                  align={c.amount ? 'right' : undefined}
                >
                  {c.cell(r)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

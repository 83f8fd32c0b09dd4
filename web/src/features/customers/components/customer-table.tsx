import { formatPhone } from '@bankmanager/contracts/format';
import { Link } from 'react-router';
import { customerHref, type CustomerListRow } from '@bankmanager/contracts';
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
import { KycBadge, RiskBadge, StatusBadge } from './status-badges';

const COLUMNS: [label: string, sort?: string][] = [
  ['Customer id', 'id'],
  ['Name', 'name'],
  ['ID / registration'],
  ['Mobile'],
  ['Branch'],
  ['Status', 'status'],
  ['Risk', 'risk'],
  ['KYC'],
  ['Opened', 'created'],
];

export const padId = (id: number) => String(id).padStart(6, '0');

/** A page of customers; sortable headers say their direction to screen readers (aria-sort). */
export function CustomerTable({
  caption,
  rows,
  sort,
  dir,
  onSort,
}: {
  caption: string;
  rows: CustomerListRow[];
  sort: string;
  dir: 'asc' | 'desc';
  onSort: (sort: string, dir: 'asc' | 'desc') => void;
}) {
  return (
    <div className="overflow-x-auto">
      <Table>
        <TableCaption className="sr-only">{caption}</TableCaption>
        <TableHeader>
          <tr>
            {COLUMNS.map(([label, key]) =>
              key ? (
                <SortableTableHead
                  key={label}
                  label={label}
                  sortKey={key}
                  sort={sort}
                  order={dir}
                  onSort={onSort}
                />
              ) : (
                <TableHead key={label}>{label}</TableHead>
              ),
            )}
          </tr>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id}>
              <TableCell kind="code">
                <Link className="underline" to={customerHref(r.id)}>
                  {padId(r.id)}
                </Link>
              </TableCell>
              <TableCell>
                <Link className="underline" to={customerHref(r.id)}>
                  {r.name}
                </Link>
              </TableCell>
              <TableCell kind="code">{r.idNumber ?? '—'}</TableCell>
              <TableCell kind="code">{formatPhone(r.mobile)}</TableCell>
              <TableCell>{r.branch}</TableCell>
              <TableCell>
                <StatusBadge status={r.status} />
              </TableCell>
              <TableCell>
                <RiskBadge risk={r.risk} />
              </TableCell>
              <TableCell>
                <KycBadge complete={r.kycComplete} />
              </TableCell>
              <TableCell kind="date">{r.createdAt.slice(0, 10)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

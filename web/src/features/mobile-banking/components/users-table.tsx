import { formatPhone } from '@bankmanager/contracts/format';
import type { KeyboardEvent } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import {
  formatAmount,
  padCustomerId,
  type RegisteredUser,
  type RegisteredUserSort,
} from '@bankmanager/contracts';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { CustomerStatusBadge, SubscriptionBadge } from './status-badges';

export interface SortState {
  key: RegisteredUserSort;
  order: 'asc' | 'desc';
}

interface Props {
  rows: RegisteredUser[];
  sort: SortState;
  onSort: (key: RegisteredUserSort) => void;
  selectedId: number | null;
  /** Omitted for sample rows: they are read-only (nothing may be edited against a made-up id). */
  onSelect?: (row: RegisteredUser) => void;
}

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
  align,
}: {
  label: string;
  sortKey: RegisteredUserSort;
  sort: SortState;
  onSort: Props['onSort'];
  align?: 'right';
}) {
  const active = sort.key === sortKey;
  const Icon = !active ? ArrowUpDown : sort.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TableHead
      aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      align={align}
    >
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className="hover:text-foreground focus-visible:ring-ring inline-flex items-center gap-1 rounded focus-visible:ring-2 focus-visible:outline-none"
      >
        {label}
        <Icon className="size-3.5" aria-hidden />
      </button>
    </TableHead>
  );
}

/**
 * The 8 columns of docs/product.md §2. Rows are selectable by click, Enter or Space; one selection at a time.
 */
export function UsersTable({ rows, sort, onSort, selectedId, onSelect }: Props) {
  const plain = (label: string) => <TableHead>{label}</TableHead>;
  return (
    <Table aria-label="Registered mobile banking users" aria-rowcount={rows.length + 1}>
      <TableHeader>
        <tr>
          <SortHeader label="Customer ID" sortKey="id" sort={sort} onSort={onSort} />
          <SortHeader label="Name" sortKey="name" sort={sort} onSort={onSort} />
          <SortHeader label="Mobile No" sortKey="mobile" sort={sort} onSort={onSort} />
          {plain('Wallet Account')}
          <SortHeader label="Balance" sortKey="balance" sort={sort} onSort={onSort} align="right" />
          {plain('Ledger')}
          {plain('Status')}
          {plain('Mobile Banking')}
        </tr>
      </TableHeader>
      <TableBody>
        {rows.map((r) => {
          const selected = r.cust_id === selectedId;
          return (
            <TableRow
              key={r.cust_id}
              data-cust-id={r.cust_id}
              {...(onSelect
                ? {
                    interactive: true,
                    tabIndex: 0,
                    'aria-selected': selected,
                    onClick: () => onSelect(r),
                    onKeyDown: (e: KeyboardEvent) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        onSelect(r);
                      }
                    },
                  }
                : {})}
            >
              <TableCell kind="code">{padCustomerId(r.cust_id)}</TableCell>
              <TableCell>{r.cust_name}</TableCell>
              <TableCell kind="code">{formatPhone(r.mobile_no)}</TableCell>
              <TableCell kind="code">
                {/* Opens the wallet in Account Enquiry (B.8); the row's own click and keys stay the row's. */}
                <Link
                  to={`${paths.accountEnquiry}?account=${encodeURIComponent(r.pay_acct)}`}
                  className="underline-offset-4 hover:underline"
                  onClick={(e) => e.stopPropagation()}
                  onKeyDown={(e) => e.stopPropagation()}
                >
                  {r.pay_acct}
                </Link>
              </TableCell>
              <TableCell align="right" kind="amount">
                {formatAmount(r.balance)}
              </TableCell>
              <TableCell>{r.ledger}</TableCell>
              <TableCell>
                <CustomerStatusBadge status={r.status} />
              </TableCell>
              <TableCell>
                <SubscriptionBadge subscribed={r.mb_sub} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

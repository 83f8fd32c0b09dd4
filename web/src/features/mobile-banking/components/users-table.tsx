import { formatPhone } from '@bankmanager/contracts/format';
import type { KeyboardEvent } from 'react';
import {
  formatAmount,
  padCustomerId,
  type RegisteredUser,
  type RegisteredUserSort,
} from '@bankmanager/contracts';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { SortableTableHead } from '@/components/ui/sortable-table-head';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { CustomerStatusBadge, SubscriptionBadge } from './status-badges';

export interface SortState {
  key: RegisteredUserSort;
  order: 'asc' | 'desc';
}

interface Props {
  rows: RegisteredUser[];
  sort: SortState;
  onSort: (key: RegisteredUserSort, order: SortState['order']) => void;
  selectedId: number | null;
  /** Omitted for sample rows: they are read-only (nothing may be edited against a made-up id). */
  onSelect?: (row: RegisteredUser) => void;
}

/**
 * The 8 columns of docs/product.md §2. Rows are selectable by click, Enter or Space; one selection at a time.
 */
export function UsersTable({ rows, sort, onSort, selectedId, onSelect }: Props) {
  const plain = (label: string) => <TableHead>{label}</TableHead>;
  const sortable = (label: string, key: RegisteredUserSort, align?: 'right') => (
    <SortableTableHead
      label={label}
      sortKey={key}
      sort={sort.key}
      order={sort.order}
      onSort={onSort}
      align={align}
    />
  );
  return (
    <Table aria-label="Registered mobile banking users" aria-rowcount={rows.length + 1}>
      <TableHeader>
        <tr>
          {sortable('Customer ID', 'id')}
          {sortable('Name', 'name')}
          {sortable('Mobile No', 'mobile')}
          {plain('Wallet Account')}
          {sortable('Balance', 'balance', 'right')}
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

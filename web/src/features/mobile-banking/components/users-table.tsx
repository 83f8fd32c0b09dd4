import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import {
  formatAmount,
  padCustomerId,
  type RegisteredUser,
  type RegisteredUserSort,
} from '@bankmanager/contracts';
import { cn } from '@/lib/cn';
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
  onSelect: (row: RegisteredUser) => void;
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
    <th
      scope="col"
      aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn('px-3 py-2 font-medium', align === 'right' && 'text-right')}
    >
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className="hover:text-foreground focus-visible:ring-ring inline-flex items-center gap-1 rounded focus-visible:ring-2 focus-visible:outline-none"
      >
        {label}
        <Icon className="size-3.5" aria-hidden />
      </button>
    </th>
  );
}

/** The 8 columns of SPEC §2. Rows are selectable by click, Enter or Space; one selection at a time. */
export function UsersTable({ rows, sort, onSort, selectedId, onSelect }: Props) {
  const plain = (label: string) => (
    <th scope="col" className="px-3 py-2 text-left font-medium">
      {label}
    </th>
  );
  return (
    <div className="overflow-x-auto rounded-md border">
      <table
        className="w-full text-sm"
        aria-label="Registered mobile banking users"
        aria-rowcount={rows.length + 1}
      >
        <thead className="bg-muted text-muted-foreground text-left">
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
        </thead>
        <tbody>
          {rows.map((r) => {
            const selected = r.cust_id === selectedId;
            return (
              <tr
                key={r.cust_id}
                tabIndex={0}
                aria-selected={selected}
                onClick={() => onSelect(r)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    onSelect(r);
                  }
                }}
                className={cn(
                  'hover:bg-muted/60 focus-visible:ring-ring cursor-pointer border-t focus-visible:ring-2 focus-visible:outline-none focus-visible:ring-inset',
                  selected && 'bg-accent text-accent-foreground',
                )}
              >
                <td className="px-3 py-2 font-mono">{padCustomerId(r.cust_id)}</td>
                <td className="px-3 py-2">{r.cust_name}</td>
                <td className="px-3 py-2 font-mono">{r.mobile_no}</td>
                <td className="px-3 py-2 font-mono">{r.pay_acct}</td>
                <td className="px-3 py-2 text-right font-mono tabular-nums">{formatAmount(r.balance)}</td>
                <td className="px-3 py-2">{r.ledger}</td>
                <td className="px-3 py-2">
                  <CustomerStatusBadge status={r.status} />
                </td>
                <td className="px-3 py-2">
                  <SubscriptionBadge subscribed={r.mb_sub} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

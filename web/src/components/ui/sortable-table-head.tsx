import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TableHead } from '@/components/ui/table';
import { cn } from '@/lib/cn';

export type SortOrder = 'asc' | 'desc';

/**
 * A column header that sorts its table: a button that sorts by this column ascending, or turns the
 * order round when it already sorts by it. The sorted column says its direction to screen readers
 * (aria-sort); the arrow is only a picture of it, so the button's name stays the column's label.
 */
export function SortableTableHead<K extends string>({
  label,
  sortKey,
  sort,
  order,
  onSort,
  align,
}: {
  label: string;
  sortKey: K;
  /** The column the table is sorted by now. */
  sort: string;
  order: SortOrder;
  onSort: (key: K, order: SortOrder) => void;
  align?: 'right';
}) {
  const active = sort === sortKey;
  const Icon = !active ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TableHead aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined} align={align}>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className={cn(align === 'right' ? '-mr-3' : '-ml-3', 'gap-1')}
        onClick={() => onSort(sortKey, active && order === 'asc' ? 'desc' : 'asc')}
      >
        {label}
        <Icon className={cn('size-3.5', !active && 'opacity-50')} aria-hidden />
      </Button>
    </TableHead>
  );
}

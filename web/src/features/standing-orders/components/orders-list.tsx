import { useState } from 'react';
import {
  FREQUENCY_LABELS,
  formatAccountNumber,
  formatCurrency,
  standingOrderListQuerySchema,
  type StandingOrder,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useUrlPage, useUrlSearch } from '@/hooks/use-url-state';
import { ORDERS_PAGE_SIZE, useOrders } from '../api/orders';
import { AmendDialog } from './amend-dialog';
import { RunsDialog } from './runs-dialog';

const lastRun = (o: StandingOrder) =>
  !o.last_run
    ? 'Not run yet'
    : o.last_run.status === 'posted'
      ? `Posted for ${o.last_run.due_date}`
      : `${o.last_run.status === 'failed' ? 'Failed' : 'Missed'} for ${o.last_run.due_date}: ${o.last_run.code ?? ''}`;

/** The orders, newest first, searched by an account number; each with amend, cancel and its runs. */
export function OrdersList() {
  // The search and page live in the query string: a reload, Back or a shared link keeps them.
  const search = useUrlSearch('q', 300, standingOrderListQuerySchema.shape.q);
  const [page, setPage] = useUrlPage();
  const list = useOrders(page, search.term.replace(/[\s-]/g, ''));
  const [open, setOpen] = useState<{ order: StandingOrder; mode: 'amend' | 'cancel' | 'runs' } | null>(null);
  return (
    <section aria-labelledby="orders-heading" className="grid gap-3">
      <h2 id="orders-heading" className="text-lg font-semibold">
        Standing orders
      </h2>
      <FormField
        id="so-search"
        label="Account number (either side)"
        inputMode="numeric"
        value={search.text}
        className="max-w-sm"
        onChange={(e) => search.onChange(e.target.value)}
      />
      {list.isError ? (
        <p role="alert" className="text-destructive">
          {list.error.message}
        </p>
      ) : !list.data ? (
        <p role="status">Loading the standing orders...</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <Table>
              <TableCaption className="sr-only">Standing orders, newest first</TableCaption>
              <TableHeader>
                <tr>
                  <TableHead>Order</TableHead>
                  <TableHead>From → to</TableHead>
                  <TableHead align="right">Amount</TableHead>
                  <TableHead>Frequency</TableHead>
                  <TableHead>Next</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Last run</TableHead>
                  <TableHead>Actions</TableHead>
                </tr>
              </TableHeader>
              <TableBody>
                {list.data.rows.map((o) => (
                  <TableRow key={o.id} data-testid={`order-${o.id}`}>
                    <TableCell>{o.id}</TableCell>
                    <TableCell>
                      {`${o.from_holder} (${formatAccountNumber(o.from_account)})`}
                      <span className="text-muted-foreground block text-xs">{`→ ${o.to_holder} (${formatAccountNumber(o.to_account)})`}</span>
                    </TableCell>
                    <TableCell align="right" kind="amount">
                      {formatCurrency(o.amount, o.currency)}
                    </TableCell>
                    <TableCell>{FREQUENCY_LABELS[o.frequency]}</TableCell>
                    <TableCell kind="date">{o.next_date ?? '—'}</TableCell>
                    <TableCell>{o.status}</TableCell>
                    <TableCell>{lastRun(o)}</TableCell>
                    <TableCell>
                      <div className="flex flex-wrap gap-1">
                        {o.status === 'active' ? (
                          <>
                            <Button
                              size="sm"
                              variant="outline"
                              aria-label={`Amend order ${o.id}`}
                              onClick={() => setOpen({ order: o, mode: 'amend' })}
                            >
                              Amend
                            </Button>
                            <Button
                              size="sm"
                              variant="ghost"
                              aria-label={`Cancel order ${o.id}`}
                              onClick={() => setOpen({ order: o, mode: 'cancel' })}
                            >
                              Cancel
                            </Button>
                          </>
                        ) : null}
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={`Runs of order ${o.id}`}
                          onClick={() => setOpen({ order: o, mode: 'runs' })}
                        >
                          Runs
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          {list.data.rows.length === 0 ? <p>No standing orders.</p> : null}
          <Pagination
            page={page}
            pageSize={ORDERS_PAGE_SIZE}
            total={list.data.total}
            onPage={setPage}
            busy={list.isPlaceholderData}
          />
        </>
      )}
      {open?.mode === 'runs' ? <RunsDialog id={open.order.id} onClose={() => setOpen(null)} /> : null}
      {open && open.mode !== 'runs' ? (
        <AmendDialog order={open.order} mode={open.mode} onClose={() => setOpen(null)} />
      ) : null}
    </section>
  );
}

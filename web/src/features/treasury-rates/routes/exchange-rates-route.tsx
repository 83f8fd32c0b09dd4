import { formatDateTime } from '@bankmanager/contracts/format';
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
import { useUrlPage } from '@/hooks/use-url-state';
import { useBusinessDate } from '@/lib/business-date';
import { usePermissions } from '@/lib/permissions';
import { RATES_PAGE_SIZE, useRates } from '../api/get-rates';
import { RateForm } from '../components/rate-form';

/**
 * Treasury → Exchange Rates (ADR 0023): the bank's buy, sell and mid rate of each currency per
 * business date. Anyone may read them; Treasury (`treasury.rates`) enters them.
 */
export function ExchangeRatesRoute() {
  const { can } = usePermissions();
  const date = useBusinessDate();
  // The page lives in the query string: a reload, Back or a shared link keeps it.
  const [page, setPage] = useUrlPage();
  const rates = useRates(page);
  return (
    <main className="mx-auto w-full max-w-5xl space-y-5 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">Exchange Rates</h1>
      {can('treasury.rates') && date.data ? <RateForm businessDate={date.data.business_date} /> : null}
      {rates.isError ? (
        <p role="alert" className="text-destructive">
          {rates.error.message}
        </p>
      ) : !rates.data ? (
        <p role="status">Loading the rates...</p>
      ) : (
        <div className="grid gap-2">
          <div className="overflow-x-auto">
            <Table>
              <TableCaption>Rates in Leones per 1 unit, newest business date first</TableCaption>
              <TableHeader>
                <tr>
                  <TableHead>Business date</TableHead>
                  <TableHead>Currency</TableHead>
                  <TableHead align="right">Buy</TableHead>
                  <TableHead align="right">Mid</TableHead>
                  <TableHead align="right">Sell</TableHead>
                  <TableHead>Entered by</TableHead>
                </tr>
              </TableHeader>
              <TableBody>
                {rates.data.rows.map((r) => (
                  <TableRow key={`${r.currency}-${r.business_date}`}>
                    <TableCell kind="date">{r.business_date}</TableCell>
                    <TableCell>{r.currency}</TableCell>
                    <TableCell align="right" kind="amount">
                      {r.buy}
                    </TableCell>
                    <TableCell align="right" kind="amount">
                      {r.mid}
                    </TableCell>
                    <TableCell align="right" kind="amount">
                      {r.sell}
                    </TableCell>
                    <TableCell>{`${r.entered_by ?? '—'} · ${formatDateTime(r.entered_at)}`}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          {rates.data.rows.length === 0 ? <p>No rates entered yet.</p> : null}
          <Pagination
            page={page}
            pageSize={RATES_PAGE_SIZE}
            total={rates.data.total}
            onPage={setPage}
            busy={rates.isPlaceholderData}
          />
        </div>
      )}
    </main>
  );
}

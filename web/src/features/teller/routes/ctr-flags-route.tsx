import { ctrFlagQuerySchema, formatCurrency, formatDate } from '@bankmanager/contracts';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
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
import { useUrlList } from '@/hooks/use-url-state';
import { useBranch } from '@/lib/branch';
import { downloadCtrFlags, useCtrFlags } from '../api/get-ctr-flags';
import { DownloadButtons } from '@/components/download-buttons';

const ctrFiltersSchema = ctrFlagQuerySchema.pick({ from: true, to: true });

/**
 * Reports → Cash Transaction Reports: cash deposits and withdrawals at or above the
 * reporting threshold (CTR_THRESHOLD), for the compliance officer to file; CSV and PDF of the filter.
 */
export function CtrFlagsRoute() {
  const { branch } = useBranch();
  // The dates and page live in the query string: a reload, Back or a shared link keeps them.
  const { filters, page, setPage, patchFilters } = useUrlList(ctrFiltersSchema);
  const { from = '', to = '' } = filters;
  const q = { branch, from, to, page };
  const list = useCtrFlags(q);
  return (
    <main className="mx-auto grid w-full max-w-6xl gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Cash Transaction Reports</h1>
        <DownloadButtons what="the CTR list" download={(format) => downloadCtrFlags(q, format)} />
      </div>
      <form
        aria-label="Filter the list"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <Field id="ctr-from" label="From">
          <Input
            type="date"
            className="w-44"
            value={from}
            onChange={(e) => patchFilters({ from: e.target.value })}
          />
        </Field>
        <Field id="ctr-to" label="To">
          <Input
            type="date"
            className="w-44"
            value={to}
            onChange={(e) => patchFilters({ to: e.target.value })}
          />
        </Field>
      </form>
      {list.isPending ? <p role="status">Loading the list…</p> : null}
      {list.isError ? <p role="alert">{list.error.message}</p> : null}
      {list.data ? (
        <>
          <Table>
            <TableCaption>Cash transactions at or above the reporting threshold</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead>Branch</TableHead>
                <TableHead>Kind</TableHead>
                <TableHead>Account</TableHead>
                <TableHead align="right">Amount</TableHead>
                <TableHead>Person at the counter</TableHead>
                <TableHead>Teller</TableHead>
                <TableHead>Reference</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={8}>No flagged cash transactions.</TableCell>
                </TableRow>
              ) : null}
              {list.data.rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell kind="date">{formatDate(r.businessDate)}</TableCell>
                  <TableCell>{r.branch}</TableCell>
                  <TableCell>{r.kind}</TableCell>
                  <TableCell>
                    <span className="font-mono">{r.accountNumber}</span> {r.accountName}
                  </TableCell>
                  <TableCell align="right" kind="amount">
                    {formatCurrency(r.amount, r.currency)}
                  </TableCell>
                  <TableCell>
                    {r.partyName} (ID {r.partyIdNumber})
                  </TableCell>
                  <TableCell>{r.tellerEmail}</TableCell>
                  <TableCell kind="code">{r.reference}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination
            page={page}
            pageSize={25}
            total={list.data.total}
            onPage={setPage}
            busy={list.isPlaceholderData}
          />
        </>
      ) : null}
    </main>
  );
}

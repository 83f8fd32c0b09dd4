import { CTR_LABELS, ctrReportQuerySchema, formatCurrency, formatDate } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { DateField } from '@/components/ui/date-field';
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
import { usePermissions } from '@/lib/permissions';
import { downloadCtrReports, useCtrReports } from '../api/get-ctr-reports';
import { PrepareCtrFiling } from '../components/prepare-ctr-filing';

const ctrFiltersSchema = ctrReportQuerySchema.pick({ from: true, to: true });

/**
 * Reports → Cash Transaction Reports: one row per customer per business day whose cash in (or out),
 * across accounts and branches, reaches the reporting threshold, with the transactions inside; and,
 * for holders of aml.ctr.file, "Prepare filing" for the FIU.
 */
export function CtrFlagsRoute() {
  const { branch } = useBranch();
  const { can } = usePermissions();
  // The dates and page live in the query string: a reload, Back or a shared link keeps them.
  const { filters, page, setPage, patchFilters } = useUrlList(ctrFiltersSchema);
  const { from = '', to = '' } = filters;
  const q = { branch, from, to, page };
  const list = useCtrReports(q);
  return (
    <main className="mx-auto grid w-full max-w-6xl gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Cash Transaction Reports</h1>
        <Button variant="outline" onClick={() => void downloadCtrReports(q)}>
          Download CSV
        </Button>
      </div>
      <form
        aria-label="Filter the list"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <Field id="ctr-from" label="From">
          <DateField label="From" className="w-44" value={from} onChange={(v) => patchFilters({ from: v })} />
        </Field>
        <Field id="ctr-to" label="To">
          <DateField label="To" className="w-44" value={to} onChange={(v) => patchFilters({ to: v })} />
        </Field>
      </form>
      {can('aml.ctr.file') ? <PrepareCtrFiling /> : null}
      {list.isPending ? <p role="status">Loading the list…</p> : null}
      {list.isError ? <p role="alert">{list.error.message}</p> : null}
      {list.data ? (
        <>
          <Table>
            <TableCaption>
              Cash in or out of one customer on one business day, across accounts and branches, at or above
              the reporting threshold
            </TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead>Customer</TableHead>
                <TableHead>Direction</TableHead>
                <TableHead align="right">Total</TableHead>
                <TableHead>Transactions</TableHead>
                <TableHead>Filing</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6}>No cash transaction reports in these dates.</TableCell>
                </TableRow>
              ) : null}
              {list.data.rows.map((r) => (
                <TableRow key={`${r.businessDate}-${r.custId}-${r.currency}-${r.direction}`}>
                  <TableCell kind="date">{formatDate(r.businessDate)}</TableCell>
                  <TableCell>
                    {r.customerName} <span className="text-muted-foreground">({r.custId})</span>
                  </TableCell>
                  <TableCell>{CTR_LABELS.direction[r.direction]}</TableCell>
                  <TableCell align="right" kind="amount">
                    {formatCurrency(r.total, r.currency)}
                  </TableCell>
                  <TableCell>
                    <details>
                      <summary>{r.count} transaction(s)</summary>
                      <ul className="grid gap-1 pt-1 text-sm">
                        {r.transactions.map((t) => (
                          <li key={t.reference}>
                            <span className="font-mono">{t.reference}</span> {t.branch}{' '}
                            <span className="font-mono">{t.accountNumber}</span>{' '}
                            {formatCurrency(t.amount, r.currency)}, {t.partyName} (ID {t.partyIdNumber})
                          </li>
                        ))}
                      </ul>
                    </details>
                  </TableCell>
                  <TableCell kind="code">{r.filingReference ?? 'Not filed'}</TableCell>
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

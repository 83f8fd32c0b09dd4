import { ENQUIRY_ANALYSIS_TEXT as T, analysisScopeLabel } from '@bankmanager/contracts';
import { formatDate } from '@bankmanager/contracts/format';
import { DateField } from '@/components/ui/date-field';
import { Field } from '@/components/ui/form-field';
import { ReportSourceNote } from '@/components/reports/report-source-note';
import { useBusinessDate } from '@/lib/business-date';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { downloadAnalysis, useSnapshot } from '../api/analysis-api';
import { Figures } from '../components/figures';
import { FilterBar } from '../components/filter-bar';
import { SnapshotTable } from '../components/snapshot-table';
import { fieldError, useUrlFilters, validFilters } from '../lib/filters';

/**
 * Enquiries → Snapshot View: balances by branch and product as they stood at the close of a chosen
 * business date, from the figures end of day kept that day. Date, branch and product are in the URL;
 * the date defaults to the current business date, whose last close is the previous day's.
 */
export function SnapshotRoute() {
  useDocumentTitle(T.snapshotTitle);
  const url = useUrlFilters();
  const businessDate = useBusinessDate().data?.business_date ?? null;
  // An emptied field stays empty (date=) rather than snapping back to the business date.
  const date = url.raw('date') ?? businessDate;
  const dateError = date ? fieldError('date', date) : null;
  const filters = { branch: url.get('branch'), product: url.get('product') };
  const sent = validFilters(filters);
  const q = useSnapshot(date && dateError === null ? date : null, sent);
  const d = q.data;
  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-6 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">{T.snapshotTitle}</h1>
      <FilterBar
        filters={filters}
        onChange={url.set}
        what="the snapshot"
        download={
          d && date
            ? (format) => downloadAnalysis('snapshot', { date, ...sent }, format, `snapshot-${date}`)
            : null
        }
      >
        <Field id="snapshot-date" label="As at" error={dateError ?? undefined} className="w-full sm:w-48">
          <DateField value={date ?? ''} label="As at" onChange={(v) => url.set('date', v)} />
        </Field>
      </FilterBar>
      <Figures query={q}>
        {(d) => (
          <>
            <p role="status" className="text-muted-foreground text-sm">
              {d.asAt === null
                ? T.noSnapshot
                : `${analysisScopeLabel(d.branch, d.product)}: ` +
                  `balances at the close of ${formatDate(d.asAt)}${d.asAt === d.date ? '' : ` (the last close on or before ${formatDate(d.date)})`}.`}
            </p>
            <ReportSourceNote served={d.served} />
            {d.asAt !== null ? <SnapshotTable data={d} /> : null}
          </>
        )}
      </Figures>
    </main>
  );
}

import { GL_REPORT_TEXT } from '@bankmanager/contracts';
import { Field } from '@/components/ui/form-field';
import { useBalanceSheet } from '../api/get-balance-sheet';
import { DownloadButtons, useReportDate } from './report-toolbar';
import { StatementTable } from './statement-table';
import { DateField } from '@/components/ui/date-field';
import { Notice } from '@/components/ui/notice';

/** The balance sheet at the end of a date. */
export function BalanceSheetView() {
  const [date, setDate] = useReportDate();
  const bs = useBalanceSheet(date);
  return (
    <section aria-labelledby="bs-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="bs-title" className="text-lg font-semibold">
          {GL_REPORT_TEXT.balanceSheetTitle}
        </h3>
        <DownloadButtons label="the balance sheet" what={date ? { report: 'balance-sheet', date } : null} />
      </div>
      <Field id="bs-date" label="As of" className="w-fit">
        <DateField label="As of" value={date} required onChange={setDate} />
      </Field>
      {bs.isPending ? (
        <p>Loading balance sheet...</p>
      ) : bs.isError ? (
        <p role="alert" className="text-destructive">
          {bs.error.message}
        </p>
      ) : (
        <>
          {bs.data.balanced ? null : (
            <Notice tone="problem">
              Assets do not equal liabilities plus equity. Report this to the finance controller.
            </Notice>
          )}
          <StatementTable
            caption={`Balance sheet as of ${bs.data.date}`}
            classes={['asset', 'liability', 'equity']}
            rows={bs.data.rows}
            totals={bs.data.class_totals}
            extra={bs.data.current_earnings.map((e) => ({ label: 'Current period earnings', ...e }))}
          />
        </>
      )}
    </section>
  );
}

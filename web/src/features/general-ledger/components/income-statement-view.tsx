import { useState } from 'react';
import { GL_REPORT_TEXT } from '@bankmanager/contracts';
import { Field } from '@/components/ui/form-field';
import { useIncomeStatement } from '../api/get-income-statement';
import { DownloadButtons, useReportDate } from './report-toolbar';
import { StatementTable } from './statement-table';
import { DateField } from '@/components/ui/date-field';

/** Income and expenses for a period of business dates: by default the business date's month to date. */
export function IncomeStatementView() {
  const [to, setTo] = useReportDate();
  const [pickedFrom, setFrom] = useState<string | null>(null);
  const from = pickedFrom ?? (to ? `${to.slice(0, 8)}01` : '');
  const is = useIncomeStatement(from, to);
  return (
    <section aria-labelledby="is-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="is-title" className="text-lg font-semibold">
          {GL_REPORT_TEXT.incomeStatementTitle}
        </h3>
        <DownloadButtons
          label="the income statement"
          what={to ? { report: 'income-statement', from, to } : null}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Field id="is-from" label="From">
          <DateField label="From" value={from} onChange={setFrom} />
        </Field>
        <Field id="is-to" label="To">
          <DateField label="To" value={to} required onChange={setTo} />
        </Field>
      </div>
      {is.isPending ? (
        <p>Loading income statement...</p>
      ) : is.isError ? (
        <p role="alert" className="text-destructive">
          {is.error.message}
        </p>
      ) : (
        <StatementTable
          caption={`Income statement ${from || 'start'} to ${to}`}
          classes={['income', 'expense']}
          rows={is.data.rows}
          totals={is.data.class_totals}
          extra={is.data.net_income.map((e) => ({ label: 'Net income', ...e }))}
        />
      )}
    </section>
  );
}

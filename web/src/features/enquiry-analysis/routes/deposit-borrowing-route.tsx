import { useState } from 'react';
import { ENQUIRY_ANALYSIS_TEXT as T, analysisScopeLabel, type Currency } from '@bankmanager/contracts';
import { formatDate } from '@bankmanager/contracts/format';
import { ReportSourceNote } from '@/components/reports/report-source-note';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useBusinessDate } from '@/lib/business-date';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { downloadAnalysis, useDepositBorrowing } from '../api/analysis-api';
import { Figures } from '../components/figures';
import { FilterBar } from '../components/filter-bar';
import { MonthEndCharts, MonthEndTable } from '../components/month-ends';
import { ProductMixTable } from '../components/product-mix';
import { useUrlFilters, validFilters } from '../lib/filters';
import { monthsBefore, periodErrors } from '../lib/period';

/**
 * Enquiries → Deposit & Borrowing Analysis: deposits and loans at each month end of a period, the
 * change month on month and the mix by product, for the bank, a branch or a product. The period and
 * the filters are in the URL; by default the twelve months to the business month.
 */
export function DepositBorrowingRoute() {
  useDocumentTitle(T.analysisTitle);
  const url = useUrlFilters();
  const [currency, setCurrency] = useState<Currency>('SLE');
  const businessMonth = useBusinessDate().data?.business_date.slice(0, 7) ?? null;
  // An emptied month stays empty (and says so) rather than snapping back to its default.
  const to = url.raw('to') ?? businessMonth;
  const from = url.raw('from') ?? (to && /^\d{4}-\d{2}$/.test(to) ? monthsBefore(to, 11) : null);
  const errors = from && to ? periodErrors(from, to) : {};
  const filters = { branch: url.get('branch'), product: url.get('product') };
  const ready = from !== null && to !== null && !errors.from && !errors.to;
  const sent = validFilters(filters);
  const q = useDepositBorrowing(ready ? { from, to } : null, sent);
  const d = q.data;
  const rows = d?.months.filter((m) => m.currency === currency) ?? [];
  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-6 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">{T.analysisTitle}</h1>
      <FilterBar
        filters={filters}
        onChange={url.set}
        currency={{ value: currency, onChange: setCurrency }}
        what="the analysis"
        download={
          d && ready
            ? (format) =>
                downloadAnalysis(
                  'deposit-borrowing',
                  { from, to, ...sent, currency },
                  format,
                  `deposit-borrowing-${from}-to-${to}-${currency}`,
                )
            : null
        }
      >
        <Field id="analysis-from" label="From month" error={errors.from} className="w-full sm:w-44">
          <Input type="month" value={from ?? ''} onChange={(e) => url.set('from', e.target.value)} />
        </Field>
        <Field id="analysis-to" label="To month" error={errors.to} className="w-full sm:w-44">
          <Input type="month" value={to ?? ''} onChange={(e) => url.set('to', e.target.value)} />
        </Field>
      </FilterBar>
      <Figures query={q}>
        {(d) => (
          <>
            <p role="status" className="text-muted-foreground text-sm">
              {`${analysisScopeLabel(d.branch, d.product)}: ` +
                `month ends from ${d.from} to ${d.to}, from the figures end of day kept.`}
            </p>
            <ReportSourceNote served={d.served} />
            {rows.length === 0 ? (
              <p>{`No ${currency} figures in this period.`}</p>
            ) : (
              <>
                <MonthEndCharts rows={rows} currency={currency} />
                <section aria-labelledby="month-ends-heading" className="flex flex-col gap-2">
                  <h2 id="month-ends-heading" className="text-lg font-semibold">
                    Month ends and changes
                  </h2>
                  <MonthEndTable rows={rows} currency={currency} />
                </section>
                {d.mixAsAt ? (
                  <section aria-labelledby="mix-heading" className="flex flex-col gap-2">
                    <h2 id="mix-heading" className="text-lg font-semibold">
                      {`Mix by product at ${formatDate(d.mixAsAt)}`}
                    </h2>
                    <ProductMixTable rows={d.mix} currency={currency} asAt={formatDate(d.mixAsAt)} />
                  </section>
                ) : null}
              </>
            )}
          </>
        )}
      </Figures>
    </main>
  );
}

import { useState } from 'react';
import { BRANCH_STATISTICS_TEXT as T, type Currency } from '@bankmanager/contracts';
import { formatDate } from '@bankmanager/contracts/format';
import { BranchBars, BranchTable, branchChartHeight } from '@/components/charts/branch-bars';
import { branchSummary } from '@/components/charts/branch-summary';
import { ChartPanel } from '@/components/charts/chart-panel';
import { ReportSourceNote } from '@/components/reports/report-source-note';
import { DateField } from '@/components/ui/date-field';
import { Field } from '@/components/ui/form-field';
import { useBusinessDate } from '@/lib/business-date';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { downloadAnalysis, useBranchStatistics } from '../api/analysis-api';
import { BranchStatisticsTable } from '../components/branch-statistics-table';
import { Figures } from '../components/figures';
import { FilterBar } from '../components/filter-bar';
import { fieldError, useUrlFilters, validFilters } from '../lib/filters';

/**
 * Enquiries → Branch Statistics: per branch over a period, the customers and accounts opened and
 * closed, and deposits, loans and cash at the period's last close. Period and branch are in the URL;
 * by default the business month so far.
 */
export function BranchStatisticsRoute() {
  useDocumentTitle(T.title);
  const url = useUrlFilters();
  const [currency, setCurrency] = useState<Currency>('SLE');
  const businessDate = useBusinessDate().data?.business_date ?? null;
  const to = url.raw('to') ?? businessDate;
  const from = url.raw('from') ?? (businessDate ? `${businessDate.slice(0, 8)}01` : null);
  const errors = {
    from: from ? fieldError('date', from) : null,
    to: to ? (fieldError('date', to) ?? (from && to < from ? T.dateOrder : null)) : null,
  };
  const filters = { branch: url.get('branch'), product: null };
  const ready = Boolean(from && to) && !errors.from && !errors.to;
  const branch = validFilters(filters).branch;
  const q = useBranchStatistics(ready ? { from: from!, to: to! } : null, branch, currency);
  const d = q.data;
  const bars = (d?.rows ?? []).map((r) => ({
    branchCode: r.branchCode,
    branchName: r.branchName,
    amount: r.deposits,
  }));
  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-6 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">{T.title}</h1>
      <FilterBar
        filters={filters}
        onChange={url.set}
        product={false}
        currency={{ value: currency, onChange: setCurrency }}
        what="the branch statistics"
        download={
          d && ready
            ? (format) =>
                downloadAnalysis(
                  'branch-statistics',
                  { from, to, branch, currency },
                  format,
                  `branch-statistics-${from}-to-${to}-${currency}`,
                )
            : null
        }
      >
        <Field id="statistics-from" label="From" error={errors.from ?? undefined} className="w-full sm:w-48">
          <DateField value={from ?? ''} label="From" onChange={(v) => url.set('from', v)} />
        </Field>
        <Field id="statistics-to" label="To" error={errors.to ?? undefined} className="w-full sm:w-48">
          <DateField value={to ?? ''} label="To" onChange={(v) => url.set('to', v)} />
        </Field>
      </FilterBar>
      <Figures query={q}>
        {(d) => (
          <>
            <p className="text-muted-foreground text-sm">
              {`${formatDate(d.from)} to ${formatDate(d.to)}; balances at the close of ` +
                `${d.asAt ? formatDate(d.asAt) : '— (no end of day kept yet)'}` +
                (d.startAt ? `; closings counted from the close of ${formatDate(d.startAt)}.` : '.')}
            </p>
            <ReportSourceNote served={d.served} />
            <BranchStatisticsTable rows={d.rows} currency={currency} />
            <ChartPanel
              title={`Deposits by branch, ${currency}`}
              summary={branchSummary(bars, currency)}
              chart={<BranchBars rows={bars} />}
              table={<BranchTable rows={bars} currency={currency} />}
              height={branchChartHeight(bars.length)}
            />
          </>
        )}
      </Figures>
    </main>
  );
}

import { useState } from 'react';
import {
  LOAN_REPORTS,
  LOAN_REPORT_TITLES,
  PAGED_LOAN_REPORTS,
  PAR_GROUPINGS,
  type LoanReportId,
} from '@bankmanager/contracts/lending/loan-reports';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { Field } from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { pageFromParams, useUrlParams } from '@/hooks/use-url-state';
import { usePermissions } from '@/lib/permissions';
import {
  LOAN_REPORT_PAGE_SIZE,
  downloadLoanReport,
  type LoanReportDownload,
  useLoanReport,
  type LoanReportParams,
} from '../api/get-loan-report';
import { CapitalForm } from '../components/capital-form';
import { ReconciliationTable, ReportTable } from '../components/report-table';

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const isReport = (v: string | null): v is LoanReportId =>
  (LOAN_REPORTS as readonly string[]).includes(v ?? '');
const GROUP_LABELS = {
  branch: 'Branch',
  product: 'Product',
  officer: 'Loan officer',
  sector: 'Sector',
} as const;

/**
 * Account → Loan → Loan Reports: the loan portfolio's reports for a business date (the newest end of
 * day kept when none is typed), one tab each, with CSV, PDF and XLSX of the whole report. The report, date,
 * grouping, sort and page are in the URL, so a link or a reload opens the same figures.
 */
export function LoanReportsRoute() {
  useDocumentTitle('Loan Reports');
  const [params, set] = useUrlParams();
  const { can } = usePermissions();
  const report: LoanReportId = isReport(params.get('report'))
    ? (params.get('report') as LoanReportId)
    : 'portfolio-at-risk';
  const [dateText, setDateText] = useState(params.get('date') ?? '');
  const [fromText, setFromText] = useState(params.get('from') ?? '');
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const p: LoanReportParams = {
    date: params.get('date') ?? undefined,
    from: report === 'disbursements-collections' ? (params.get('from') ?? undefined) : undefined,
    by: report === 'portfolio-at-risk' ? (params.get('by') ?? 'branch') : undefined,
    sort: params.get('sort') ?? undefined,
    order: params.get('order') ?? undefined,
    page: pageFromParams(params),
  };
  const q = useLoanReport(report, p);
  const r = q.data;
  const paged = PAGED_LOAN_REPORTS.includes(report);
  const download = (format: LoanReportDownload) => {
    setDownloadError(null);
    downloadLoanReport(report, p, format, r?.date ?? p.date ?? 'latest').catch((e: unknown) =>
      setDownloadError(e instanceof Error ? e.message : 'The download failed'),
    );
  };

  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">Loan Reports</h1>
      <Tabs value={report} onValueChange={(v) => set({ report: v, page: null, sort: null, order: null })}>
        <TabsList aria-label="Report" className="flex h-auto flex-wrap">
          {LOAN_REPORTS.map((k) => (
            <TabsTrigger key={k} value={k}>
              {LOAN_REPORT_TITLES[k]}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* The tab's panel: the active trigger controls it (aria-controls names an element that exists). */}
        <TabsContent value={report} className="flex flex-col gap-4">
          <div className="flex flex-wrap items-end gap-3">
            <Field id="loan-report-date" label="Business date" className="w-48">
              <DateField
                label="Business date"
                value={dateText}
                onChange={(v) => {
                  setDateText(v);
                  if (v === '' || ISO.test(v)) set({ date: v, page: null });
                }}
              />
            </Field>
            {report === 'disbursements-collections' ? (
              <Field id="loan-report-from" label="From" className="w-48">
                <DateField
                  label="From"
                  value={fromText}
                  onChange={(v) => {
                    setFromText(v);
                    if (v === '' || ISO.test(v)) set({ from: v });
                  }}
                />
              </Field>
            ) : null}
            {report === 'portfolio-at-risk' ? (
              <Field id="loan-report-by" label="Group by" className="w-48">
                <Select value={p.by} onChange={(e) => set({ by: e.target.value })}>
                  {PAR_GROUPINGS.map((g) => (
                    <option key={g} value={g}>
                      {GROUP_LABELS[g]}
                    </option>
                  ))}
                </Select>
              </Field>
            ) : null}
            <Button type="button" variant="outline" disabled={!r} onClick={() => download('csv')}>
              Download CSV
            </Button>
            <Button type="button" variant="outline" disabled={!r} onClick={() => download('pdf')}>
              Download PDF
            </Button>
            <Button type="button" variant="outline" disabled={!r} onClick={() => download('xlsx')}>
              Download XLSX
            </Button>
          </div>
          {downloadError ? (
            <p role="alert" className="text-destructive">
              {downloadError}
            </p>
          ) : null}
          {q.isPending ? (
            <p>Loading the report...</p>
          ) : q.isError ? (
            <p role="alert" className="text-destructive">
              {q.error.message}
            </p>
          ) : r ? (
            <section
              aria-labelledby="loan-report-title"
              className="flex flex-col gap-3"
              aria-busy={q.isFetching}
            >
              <div>
                <h2 id="loan-report-title" className="text-xl font-semibold">
                  {r.title}
                </h2>
                <p className="text-muted-foreground text-sm">
                  {[`Business date ${r.date}`, ...r.subtitle].join(' · ')}
                </p>
              </div>
              {report === 'large-exposures' && can('returns.prepare') ? (
                <CapitalForm month={r.date.slice(0, 7)} />
              ) : null}
              <ReportTable
                report={r}
                sort={p.sort ?? ''}
                order={p.order === 'asc' ? 'asc' : 'desc'}
                onSort={(sort, order) => set({ sort, order, page: null })}
              />
              {paged ? (
                <Pagination
                  page={p.page}
                  pageSize={LOAN_REPORT_PAGE_SIZE}
                  total={r.total}
                  onPage={(n) => set({ page: n === 0 ? null : n + 1 })}
                  busy={q.isPlaceholderData}
                />
              ) : null}
              <ReconciliationTable report={r} />
              {r.notes.length > 0 ? (
                <ul className="text-muted-foreground list-disc pl-5 text-sm">
                  {r.notes.map((n) => (
                    <li key={n}>{n}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ) : null}
        </TabsContent>
      </Tabs>
    </main>
  );
}

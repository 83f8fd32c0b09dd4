import { useState } from 'react';
import { EOD_REPORTS, EOD_REPORT_TITLES, type EodReportKind } from '@bankmanager/contracts';
import { DateField } from '@/components/ui/date-field';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { downloadEodReport, useEodReport, type ReportParams } from '../api/get-report';
import { DownloadButtons } from '@/components/download-buttons';
import { ReportTable } from '../components/report-table';

const TAB_LABELS: Record<EodReportKind, string> = {
  daily: 'Daily report',
  interest: 'Interest',
  wht: 'WHT to NRA',
  dormant: 'Newly dormant',
};

/** The inputs each report takes: a date, a period, or a month (empty: the server's default). */
function ReportInputs({
  kind,
  params,
  onChange,
}: {
  kind: EodReportKind;
  params: ReportParams;
  onChange: (p: ReportParams) => void;
}) {
  const input = (key: keyof ReportParams, label: string, type: 'date' | 'month') => (
    <Field id={`${kind}-${key}`} label={label} key={key}>
      {type === 'date' ? (
        <DateField
          label={label}
          value={params[key] ?? ''}
          onChange={(v) => onChange({ ...params, [key]: v || undefined })}
        />
      ) : (
        <Input
          type={type}
          value={params[key] ?? ''}
          onChange={(e) => onChange({ ...params, [key]: e.target.value || undefined })}
        />
      )}
    </Field>
  );
  if (kind === 'interest')
    return (
      <div className="grid gap-3 sm:grid-cols-2">
        {[input('from', 'From', 'date'), input('to', 'To', 'date')]}
      </div>
    );
  if (kind === 'wht')
    return <div className="grid gap-3 sm:grid-cols-2">{input('month', 'Month', 'month')}</div>;
  return <div className="grid gap-3 sm:grid-cols-2">{input('date', 'Business date', 'date')}</div>;
}

function ReportPanel({ kind }: { kind: EodReportKind }) {
  const [params, setParams] = useState<ReportParams>({});
  const report = useEodReport(kind, params);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <ReportInputs kind={kind} params={params} onChange={setParams} />
        <DownloadButtons
          what={`the ${EOD_REPORT_TITLES[kind].toLowerCase()}`}
          download={(format) => downloadEodReport(kind, params, format)}
        />
      </div>
      {report.isPending ? <p role="status">Loading the report…</p> : null}
      {report.isError ? (
        <p role="alert" className="text-destructive">
          {report.error.message}
        </p>
      ) : null}
      {report.data ? <ReportTable report={report.data} /> : null}
    </div>
  );
}

/** /system/batch/interest: the end-of-day reports on screen, as CSV and as PDF. */
export function EodReportsRoute() {
  return (
    <main className="mx-auto w-full max-w-6xl space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">End-of-Day Reports</h1>
      <Tabs defaultValue="daily">
        <TabsList className="flex-wrap">
          {EOD_REPORTS.map((k) => (
            <TabsTrigger key={k} value={k}>
              {TAB_LABELS[k]}
            </TabsTrigger>
          ))}
        </TabsList>
        {EOD_REPORTS.map((k) => (
          <TabsContent key={k} value={k} className="space-y-3 pt-3">
            <h2 className="text-lg font-semibold">{EOD_REPORT_TITLES[k]}</h2>
            <ReportPanel kind={k} />
          </TabsContent>
        ))}
      </Tabs>
    </main>
  );
}

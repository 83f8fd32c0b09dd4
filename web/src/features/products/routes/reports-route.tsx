import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { downloadProductReport, useProductReport } from '../api/get-product-report';
import { ReportTable } from '../components/report-table';
import { showDate } from '../lib/show';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /products/reports: per product its rate, accounts by status and total balance; CSV or PDF too. */
export function ProductReportsRoute() {
  useDocumentTitle('Product Reports');
  const report = useProductReport();
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  async function download(format: 'csv' | 'pdf') {
    setBusy(format);
    try {
      await downloadProductReport(format, report.data?.businessDate ?? new Date().toISOString().slice(0, 10));
    } catch (err) {
      const description = err instanceof Error ? err.message : 'Download failed';
      toast({ title: 'Error', description, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }
  return (
    <main className="mx-auto w-full max-w-6xl space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Product Reports</h1>
        <div className="flex gap-2">
          {(['csv', 'pdf'] as const).map((format) => (
            <Button
              key={format}
              variant="outline"
              disabled={busy !== null || !report.data}
              aria-label={`Download the products report as ${format.toUpperCase()}`}
              onClick={() => void download(format)}
            >
              {busy === format ? 'Preparing…' : format.toUpperCase()}
            </Button>
          ))}
        </div>
      </div>
      {report.isPending ? <p role="status">Loading the report…</p> : null}
      {report.isError ? (
        <p role="alert" className="text-destructive">
          {report.error.message}
        </p>
      ) : null}
      {report.data ? (
        <>
          <p className="text-muted-foreground text-sm">
            As at the business date, {showDate(report.data.businessDate)}.
          </p>
          <ReportTable report={report.data} />
        </>
      ) : null}
    </main>
  );
}

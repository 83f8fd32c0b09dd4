import { useState } from 'react';
import { CUSTOMER_REPORTS, type CustomerReport } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/form-field';
import { DateField } from '@/components/ui/date-field';
import { useBusinessDate } from '@/lib/business-date';
import { toast } from '@/lib/toast';
import { downloadCustomerReport } from '../api/download-report';
import { BranchCodeField } from '../components/branch-input';
import { errorText } from '../lib/server-errors';
import { useDocumentTitle } from '@/hooks/use-document-title';

const wallClockDay = () => new Date().toISOString().slice(0, 10);

/** /customers/reports — the four customer reports for a period and branch, as CSV or PDF. */
export function CustomerReportsRoute() {
  useDocumentTitle('Customer Reports');
  // The period opens on the business date's month, up to the business date (not the wall clock's).
  const businessDate = useBusinessDate().data?.business_date ?? wallClockDay();
  const [picked, setPicked] = useState<{ from?: string; to?: string }>({});
  const from = picked.from ?? `${businessDate.slice(0, 7)}-01`;
  const to = picked.to ?? businessDate;
  const setFrom = (v: string) => setPicked((p) => ({ ...p, from: v }));
  const setTo = (v: string) => setPicked((p) => ({ ...p, to: v }));
  const [branch, setBranch] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  async function download(report: CustomerReport, format: 'csv' | 'pdf') {
    setBusy(`${report}-${format}`);
    try {
      await downloadCustomerReport({ report, from, to, branch: branch || undefined, format });
    } catch (err) {
      toast({ title: 'Error', description: errorText(err, 'Download failed'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }
  return (
    <main className="mx-auto w-full max-w-5xl space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">Customer Reports</h1>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id="report-from" label="From">
          <DateField label="From" value={from} max={to} onChange={setFrom} />
        </Field>
        <Field id="report-to" label="To">
          <DateField label="To" value={to} min={from} onChange={setTo} />
        </Field>
        <BranchCodeField
          id="report-branch"
          label="Branch code (empty: all)"
          value={branch}
          onChange={setBranch}
        />
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        {(Object.entries(CUSTOMER_REPORTS) as [CustomerReport, string][]).map(([key, title]) => (
          <Card key={key}>
            <CardHeader>
              <CardTitle>{title}</CardTitle>
            </CardHeader>
            <CardContent className="flex gap-2">
              {(['csv', 'pdf'] as const).map((format) => (
                <Button
                  key={format}
                  variant="outline"
                  disabled={busy !== null}
                  aria-label={`${title}: download ${format.toUpperCase()}`}
                  onClick={() => void download(key, format)}
                >
                  {busy === `${key}-${format}` ? 'Preparing…' : format.toUpperCase()}
                </Button>
              ))}
            </CardContent>
          </Card>
        ))}
      </div>
    </main>
  );
}

import { useState } from 'react';
import { CUSTOMER_REPORTS, type CustomerReport } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { downloadCustomerReport } from '../api/download-report';
import { BranchCodeField } from '../components/branch-input';
import { errorText } from '../lib/server-errors';
import { useDocumentTitle } from '@/hooks/use-document-title';

const firstOfMonth = () => `${new Date().toISOString().slice(0, 7)}-01`;
const today = () => new Date().toISOString().slice(0, 10);

/** /customers/reports — the four customer reports for a period and branch, as CSV or PDF. */
export function CustomerReportsRoute() {
  useDocumentTitle('Customer Reports');
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(today);
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
          <Input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field id="report-to" label="To">
          <Input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
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

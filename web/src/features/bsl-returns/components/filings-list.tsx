import { useState } from 'react';
import { Download } from 'lucide-react';
import {
  RETURN_FILE_FORMATS,
  formatDateTime,
  type ReturnFileFormat,
  type ReturnFiling,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { downloadFiling, useFilings } from '../api/returns-api';

/** The month's filed versions, each downloadable as XLSX, PDF or CSV exactly as filed. */
export function FilingsList({ monthEnd }: { monthEnd: string }) {
  const filings = useFilings(monthEnd);
  const [busy, setBusy] = useState(false);
  const run = async (f: ReturnFiling, format: ReturnFileFormat) => {
    setBusy(true);
    try {
      await downloadFiling(f, format);
    } catch (err) {
      toast({
        title: 'Download failed',
        description: err instanceof Error ? err.message : String(err),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="filings-title" className="grid gap-2">
      <h2 id="filings-title" className="text-xl font-semibold">
        Filed versions
      </h2>
      {filings.isPending ? (
        <p>Loading filed versions...</p>
      ) : filings.isError ? (
        <p role="alert" className="text-destructive">
          {filings.error.message}
        </p>
      ) : filings.data.length === 0 ? (
        <p>No version of this month has been signed off yet.</p>
      ) : (
        <ul className="grid gap-3">
          {filings.data.map((f) => (
            <li key={f.id} className="grid gap-2 rounded-md border p-3" data-testid={`filing-${f.version}`}>
              <p>
                <span className="font-semibold">{`Version ${f.version}`}</span>
                {`, prepared by ${f.preparedBy}, signed off by ${f.approvedBy} on ${formatDateTime(new Date(f.filedAt))}`}
              </p>
              <p className="break-all font-mono text-xs text-muted-foreground">{`sha256 ${f.sha256}`}</p>
              <div className="flex flex-wrap gap-2">
                {RETURN_FILE_FORMATS.map((format) => (
                  <Button
                    key={format}
                    variant="outline"
                    size="sm"
                    disabled={busy}
                    onClick={() => void run(f, format)}
                    aria-label={`Download version ${f.version} as ${format.toUpperCase()}`}
                  >
                    <Download aria-hidden />
                    {format.toUpperCase()}
                  </Button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

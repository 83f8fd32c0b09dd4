import { useState } from 'react';
import type { EodReportKind } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { downloadEodReport, type ReportParams } from '../api/get-report';

/** CSV and PDF of one report, with what is being prepared shown on the button. */
export function DownloadButtons({
  kind,
  params,
  title,
}: {
  kind: EodReportKind;
  params: ReportParams;
  title: string;
}) {
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const download = async (format: 'csv' | 'pdf') => {
    setBusy(format);
    try {
      await downloadEodReport(kind, params, format);
    } catch (err) {
      toast({
        title: 'Error',
        description: err instanceof Error ? err.message : 'Download failed',
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex gap-2">
      {(['csv', 'pdf'] as const).map((f) => (
        <Button
          key={f}
          variant="outline"
          size="sm"
          disabled={busy !== null}
          aria-label={`Download the ${title.toLowerCase()} as ${f.toUpperCase()}`}
          onClick={() => void download(f)}
        >
          {busy === f ? 'Preparing…' : f.toUpperCase()}
        </Button>
      ))}
    </div>
  );
}

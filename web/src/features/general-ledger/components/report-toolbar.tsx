import { useState } from 'react';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { downloadGlReport, type GlReportDownload } from '../api/download-gl-report';

/** Today's date in UTC (Sierra Leone's own time zone), as the date pickers' default. */
export const todayIso = () => new Date().toISOString().slice(0, 10);

/** PDF and CSV buttons for the report on screen. */
export function DownloadButtons({ what, label }: { what: GlReportDownload | null; label: string }) {
  const [busy, setBusy] = useState(false);
  const run = async (format: 'pdf' | 'csv') => {
    if (!what) return;
    setBusy(true);
    try {
      await downloadGlReport(what, format);
    } catch (err) {
      toast({
        title: 'Download failed',
        description: err instanceof Error ? err.message : undefined,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      {(['pdf', 'csv'] as const).map((f) => (
        <Button
          key={f}
          type="button"
          variant="outline"
          disabled={!what || busy}
          onClick={() => void run(f)}
          aria-label={`Download ${label} as ${f.toUpperCase()}`}
        >
          <Download aria-hidden /> {f.toUpperCase()}
        </Button>
      ))}
    </div>
  );
}

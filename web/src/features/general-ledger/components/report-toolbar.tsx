import { useState } from 'react';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useBusinessDate } from '@/lib/business-date';
import { toast } from '@/lib/toast';
import { downloadGlReport, type GlReportDownload } from '../api/download-gl-report';

/**
 * A report's date: the bank's business date until the user picks another. The day's postings are on
 * the business date, which end of day may have moved past the calendar's (a weekend, a holiday), so a
 * report as of today's calendar date could leave them out. '' while it loads: no report is fetched
 * for a date nobody asked for.
 */
export function useReportDate(): [string, (date: string) => void] {
  const businessDate = useBusinessDate().data?.business_date;
  const [picked, setPicked] = useState<string | null>(null);
  return [picked ?? businessDate ?? '', setPicked];
}

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

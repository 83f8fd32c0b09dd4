import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

type Format = 'csv' | 'pdf' | 'xlsx';

/**
 * CSV and PDF (and XLSX where accountants work on the figures) of what the screen shows (a report, a
 * list); "Preparing…" while the file is made.
 */
export function DownloadButtons<F extends Format = 'csv' | 'pdf'>({
  what,
  download,
  formats = ['csv', 'pdf'] as F[],
}: {
  what: string;
  download: (format: F) => Promise<void>;
  formats?: readonly F[];
}) {
  const [busy, setBusy] = useState<F | null>(null);
  async function run(format: F) {
    setBusy(format);
    try {
      await download(format);
    } catch (err) {
      toast({
        title: 'Error',
        description: err instanceof Error ? err.message : 'Download failed',
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  }
  return (
    <div className="flex gap-2">
      {formats.map((format) => (
        <Button
          key={format}
          variant="outline"
          size="sm"
          disabled={busy !== null}
          aria-label={`Download ${what} as ${format.toUpperCase()}`}
          onClick={() => void run(format)}
        >
          {busy === format ? 'Preparing…' : format.toUpperCase()}
        </Button>
      ))}
    </div>
  );
}

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

/** CSV and PDF of what the screen shows (a report, a list); "Preparing…" while the file is made. */
export function DownloadButtons({
  what,
  download,
}: {
  what: string;
  download: (format: 'csv' | 'pdf') => Promise<void>;
}) {
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  async function run(format: 'csv' | 'pdf') {
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
      {(['csv', 'pdf'] as const).map((format) => (
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

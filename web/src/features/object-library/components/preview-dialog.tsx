import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { signedUrl } from '../api/storage';

/** Previews an image or a PDF through a one-minute signed URL (served by the storage service, sandboxed). */
export function PreviewDialog({
  bucket,
  path,
  mimeType,
  onClose,
}: {
  bucket: string;
  path: string;
  mimeType: string;
  onClose: () => void;
}) {
  const [url, setUrl] = useState<string>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    signedUrl(bucket, path).then(setUrl, (e: unknown) => setError(e instanceof Error ? e.message : 'Failed'));
  }, [bucket, path]);
  return (
    <Dialog open onOpenChange={(o) => (!o ? onClose() : undefined)}>
      <DialogContent size="lg">
        <DialogTitle>{path}</DialogTitle>
        <DialogDescription>{mimeType}</DialogDescription>
        {error ? (
          <p role="alert" className="text-destructive text-sm">
            {error}
          </p>
        ) : !url ? (
          <p>Loading preview...</p>
        ) : mimeType === 'application/pdf' ? (
          <iframe title={`Preview of ${path}`} src={url} className="h-[70vh] w-full rounded-md border" />
        ) : (
          <img src={url} alt={`Preview of ${path}`} className="mx-auto max-h-[70vh] max-w-full" />
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

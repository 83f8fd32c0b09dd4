import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useUrlPage, useUrlParams } from '@/hooks/use-url-state';
import { toast } from '@/lib/toast';
import { usePermissions } from '@/lib/permissions';
import {
  mayOpenBucket,
  signedUrl,
  useBuckets,
  useObjects,
  useRemoveObject,
  type LibraryEntry,
} from '../api/storage';
import { DeleteDialog } from '../components/delete-dialog';
import { ObjectsTable } from '../components/objects-table';
import { PreviewDialog } from '../components/preview-dialog';
import { folderFromUrl, LAST_PAGE } from '../lib/folder-in-url';
import { useDocumentTitle } from '@/hooks/use-document-title';

const failed = (title: string) => (err: unknown) =>
  toast({ title, description: err instanceof Error ? err.message : undefined, variant: 'destructive' });

/**
 * /system/batch-control/object-library: the storage service's buckets and objects, through the stock
 * supabase-js storage client. Superusers only (bucket listing needs storage.manage).
 */
export function ObjectLibraryRoute() {
  useDocumentTitle('Object Library');
  const buckets = useBuckets();
  const { can } = usePermissions();
  const openable = buckets.data?.filter((b) => mayOpenBucket(b, can));
  // The bucket, the folder and the page live in the query string: a reload, Back or a shared link
  // keeps them. A bucket the list does not have opens the first one.
  const [params, setParams] = useUrlParams();
  const bucket = (openable?.find((b) => b.id === params.get('bucket')) ?? openable?.[0])?.id;
  const prefix = folderFromUrl(params.get('folder'));
  const [urlPage, setPage] = useUrlPage();
  const page = Math.min(urlPage, LAST_PAGE);
  const [preview, setPreview] = useState<LibraryEntry>();
  const [deleting, setDeleting] = useState<LibraryEntry>();
  const objects = useObjects(bucket, prefix, page);
  const remove = useRemoveObject(bucket);
  const go = (p: string) => setParams({ folder: p, page: null });
  const download = (e: LibraryEntry) =>
    signedUrl(bucket!, prefix + e.name, e.name).then(
      (url) => window.location.assign(url),
      failed('Download failed'),
    );

  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-5 p-6">
      <h1 className="text-2xl font-semibold">Object Library</h1>
      {buckets.isError ? (
        <p role="alert" className="text-destructive">
          {buckets.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor="bucket">Bucket</Label>
          <Select
            id="bucket"
            value={bucket ?? ''}
            onChange={(ev) => setParams({ bucket: ev.target.value, folder: null, page: null })}
          >
            {(openable ?? []).map((b) => (
              <option key={b.id} value={b.id}>
                {b.public ? `${b.name} (public)` : b.name}
              </option>
            ))}
          </Select>
        </div>
        <p className="text-muted-foreground text-sm" aria-live="polite">
          {bucket ? `Folder: ${bucket}/${prefix}` : ''}
        </p>
        {prefix ? (
          <Button variant="outline" onClick={() => go(prefix.replace(/[^/]+\/$/, ''))}>
            Up one folder
          </Button>
        ) : null}
      </div>
      {!bucket ? null : objects.isPending ? (
        <p>Loading objects...</p>
      ) : objects.isError ? (
        <p role="alert" className="text-destructive">
          {objects.error.message}
        </p>
      ) : (
        <>
          <ObjectsTable
            bucket={bucket}
            prefix={prefix}
            rows={objects.data.rows}
            onOpenFolder={(name) => go(`${prefix}${name}/`)}
            onPreview={setPreview}
            onDownload={(e) => void download(e)}
            onDelete={setDeleting}
          />
          <nav aria-label="Pages" className="flex justify-end gap-2">
            <Button variant="outline" disabled={page === 0} onClick={() => setPage(page - 1)}>
              Previous page
            </Button>
            <Button
              variant="outline"
              disabled={!objects.data.hasNext || page >= LAST_PAGE}
              onClick={() => setPage(page + 1)}
            >
              Next page
            </Button>
          </nav>
        </>
      )}
      {preview && bucket ? (
        <PreviewDialog
          bucket={bucket}
          path={prefix + preview.name}
          mimeType={preview.metadata?.mimetype ?? ''}
          onClose={() => setPreview(undefined)}
        />
      ) : null}
      {deleting && bucket ? (
        <DeleteDialog
          path={`${bucket}/${prefix}${deleting.name}`}
          onClose={() => setDeleting(undefined)}
          onConfirm={() =>
            remove.mutate(prefix + deleting.name, {
              onSuccess: () => toast({ title: `Deleted ${deleting.name}` }),
              onError: failed('Delete failed'),
            })
          }
        />
      ) : null}
    </main>
  );
}

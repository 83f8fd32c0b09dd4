import { formatDateTime } from '@bankmanager/contracts/format';
import { Download, Eye, Folder, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCaption, TableHeader, TableRow } from '@/components/ui/table';
import type { LibraryEntry } from '../api/storage';
import { formatSize } from '@/lib/format-size';
import { previewable } from './format';

interface Props {
  bucket: string;
  prefix: string;
  rows: LibraryEntry[];
  onOpenFolder: (name: string) => void;
  onPreview: (entry: LibraryEntry) => void;
  onDownload: (entry: LibraryEntry) => void;
  onDelete: (entry: LibraryEntry) => void;
}

/** One folder of a bucket: sub-folders first as the service sorts them, then objects with size, type and date. */
export function ObjectsTable({ bucket, prefix, rows, onOpenFolder, onPreview, onDownload, onDelete }: Props) {
  return (
    <Table>
      <TableCaption>{`Objects in ${bucket}/${prefix}`}</TableCaption>
      <TableHeader>
        <tr>
          <th scope="col" className="p-2 text-left">
            Name
          </th>
          <th scope="col" className="p-2 text-left">
            Type
          </th>
          <th scope="col" className="p-2 text-right">
            Size
          </th>
          <th scope="col" className="p-2 text-left">
            Modified
          </th>
          <th scope="col" className="p-2 text-right">
            Actions
          </th>
        </tr>
      </TableHeader>
      <TableBody>
        {rows.length === 0 ? (
          <TableRow>
            <td colSpan={5} className="text-muted-foreground p-4 text-center">
              This folder is empty.
            </td>
          </TableRow>
        ) : (
          rows.map((e) =>
            e.id === null ? (
              <TableRow key={`folder:${e.name}`}>
                <td className="p-2" colSpan={4}>
                  <Button variant="link" className="h-auto p-0" onClick={() => onOpenFolder(e.name)}>
                    <Folder aria-hidden className="mr-1 size-4" />
                    {e.name}/
                  </Button>
                </td>
                <td className="p-2 text-right text-muted-foreground">Folder</td>
              </TableRow>
            ) : (
              <TableRow key={e.id}>
                <td className="p-2 break-all">{e.name}</td>
                <td className="p-2">{e.metadata?.mimetype ?? '—'}</td>
                <td className="p-2 text-right tabular-nums">{formatSize(e.metadata?.size)}</td>
                <td className="p-2">{e.updated_at ? formatDateTime(e.updated_at) : '—'}</td>
                <td className="p-2">
                  <div className="flex justify-end gap-1">
                    {previewable(e.metadata?.mimetype) ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Preview ${e.name}`}
                        onClick={() => onPreview(e)}
                      >
                        <Eye aria-hidden className="size-4" />
                      </Button>
                    ) : null}
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Download ${e.name}`}
                      onClick={() => onDownload(e)}
                    >
                      <Download aria-hidden className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${e.name}`}
                      onClick={() => onDelete(e)}
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </Button>
                  </div>
                </td>
              </TableRow>
            ),
          )
        )}
      </TableBody>
    </Table>
  );
}

import { SANCTIONS_LABELS } from '@bankmanager/contracts';
import { formatDateTime } from '@bankmanager/contracts/format';
import { Pagination } from '@/components/ui/pagination';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useUrlPage } from '@/hooks/use-url-state';
import { LISTS_PAGE_SIZE, useListVersions } from '../api/lists';

const n = (v: number) => v.toLocaleString('en-US');

/** Every import of both lists, newest first: its version, where it stands and what it changed. */
export function ListVersionsTable() {
  const [page, setPage] = useUrlPage();
  const list = useListVersions(page);
  if (list.isError)
    return (
      <p role="alert" className="text-destructive">
        {list.error.message}
      </p>
    );
  if (!list.data) return <p role="status">Loading the imports...</p>;
  return (
    <div className="grid gap-2">
      <div className="overflow-x-auto">
        <Table>
          <TableCaption>Sanctions list imports, newest first</TableCaption>
          <TableHeader>
            <tr>
              <TableHead>List</TableHead>
              <TableHead align="right">Version</TableHead>
              <TableHead>Status</TableHead>
              <TableHead align="right">Entries</TableHead>
              <TableHead align="right">Added</TableHead>
              <TableHead align="right">Changed</TableHead>
              <TableHead align="right">Removed</TableHead>
              <TableHead>File</TableHead>
              <TableHead>Uploaded</TableHead>
              <TableHead>Decided</TableHead>
            </tr>
          </TableHeader>
          <TableBody>
            {list.data.rows.map((v) => (
              <TableRow key={v.id}>
                <TableCell>{SANCTIONS_LABELS.source[v.source]}</TableCell>
                <TableCell align="right">{v.version}</TableCell>
                <TableCell>{SANCTIONS_LABELS.status[v.status]}</TableCell>
                <TableCell align="right">{n(v.entries)}</TableCell>
                <TableCell align="right">{n(v.added)}</TableCell>
                <TableCell align="right">{n(v.changed)}</TableCell>
                <TableCell align="right">{n(v.removed)}</TableCell>
                <TableCell>
                  {v.generatedAt ? `${v.fileName} (list of ${v.generatedAt.slice(0, 10)})` : v.fileName}
                </TableCell>
                <TableCell kind="date">{`${formatDateTime(v.uploadedAt)} · ${v.uploadedBy}`}</TableCell>
                <TableCell kind="date">
                  {v.decidedAt
                    ? `${formatDateTime(v.decidedAt)}${v.decidedBy ? ` · ${v.decidedBy}` : ''}`
                    : '—'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {list.data.rows.length === 0 ? <p>No list has been imported yet.</p> : null}
      <Pagination
        page={page}
        pageSize={LISTS_PAGE_SIZE}
        total={list.data.total}
        onPage={setPage}
        busy={list.isPlaceholderData}
      />
    </div>
  );
}

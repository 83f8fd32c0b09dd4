import { useState } from 'react';
import { BUILT_REPORTS_TEXT as T } from '@bankmanager/contracts/built-reports';
import { formatDateTime } from '@bankmanager/contracts/format';
import { Badge } from '@/components/ui/badge';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { INBOX_PAGE_SIZE, useInbox, useMarkRead } from '../api/inbox';
import { paramsText } from './my-runs';
import { RunActions } from './run-actions';

/** Reports delivered to the caller (scheduled for a role they hold), newest first; opening one marks it read. */
export function InboxList({ poll, onView }: { poll: number | false; onView: (id: string) => void }) {
  const [page, setPage] = useState(0);
  const q = useInbox(page, poll);
  const read = useMarkRead();
  if (q.isError) return <p className="text-destructive text-sm">{q.error.message}</p>;
  const rows = q.data?.rows ?? [];
  return (
    <div className="grid gap-3">
      <Table aria-label="Report inbox">
        <TableHeader>
          <TableRow>
            <TableHead>Report</TableHead>
            <TableHead>Business date</TableHead>
            <TableHead>Parameters</TableHead>
            <TableHead>Arrived</TableHead>
            <TableHead>Action</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={5}>{q.isLoading ? 'Loading...' : T.inboxEmpty}</TableCell>
            </TableRow>
          ) : (
            rows.map((i) => (
              <TableRow key={i.id} className={i.readAt ? undefined : 'font-semibold'}>
                <TableCell>
                  {i.run.title} {i.readAt ? null : <Badge variant="warning">New</Badge>}
                </TableCell>
                <TableCell kind="date">{i.run.businessDate ?? '—'}</TableCell>
                <TableCell>{paramsText(i.run)}</TableCell>
                <TableCell kind="date">{formatDateTime(i.deliveredAt)}</TableCell>
                <TableCell>
                  <RunActions run={i.run} onView={onView} onOpened={() => !i.readAt && read.mutate(i.id)} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Pagination
        page={page}
        pageSize={INBOX_PAGE_SIZE}
        total={q.data?.total ?? 0}
        onPage={setPage}
        busy={q.isPlaceholderData}
      />
    </div>
  );
}

import { formatDate, formatDateTime } from '@bankmanager/contracts/format';
import { STATEMENT_BATCH_TEXT as T, type StatementBatch } from '@bankmanager/contracts';
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
import { STATEMENT_BATCHES_PAGE_SIZE, useStatementBatches } from '../api/statement-batches';
import { BatchProgress } from './batch-progress';

const what = (b: StatementBatch) =>
  `${b.scope === 'branch' ? 'Every account' : 'Accounts with activity'}, ${b.format === 'zip' ? 'ZIP' : 'merged PDF'}`;

/** The batches, newest first, paged in the database: what each printed, where it stands, its file. */
export function BatchList() {
  const [page, setPage] = useUrlPage();
  const list = useStatementBatches(page);
  if (list.isError)
    return (
      <p role="alert" className="text-destructive">
        {list.error.message}
      </p>
    );
  if (!list.data) return <p role="status">Loading the batches...</p>;
  return (
    <div className="grid gap-2">
      <div className="overflow-x-auto">
        <Table>
          <TableCaption>{T.listCaption}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Batch</TableHead>
              <TableHead>Period</TableHead>
              <TableHead>Branch</TableHead>
              <TableHead>Statements</TableHead>
              <TableHead>Asked</TableHead>
              <TableHead>Progress</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.data.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6}>{T.empty}</TableCell>
              </TableRow>
            ) : null}
            {list.data.rows.map((b) => (
              <TableRow key={b.id}>
                <TableCell>{`Batch ${b.id}`}</TableCell>
                <TableCell kind="date">{`${formatDate(b.from)} to ${formatDate(b.to)}`}</TableCell>
                <TableCell>{b.branch ?? 'All branches'}</TableCell>
                <TableCell>{what(b)}</TableCell>
                <TableCell kind="date">{`${formatDateTime(b.requestedAt)} · ${b.requestedBy}`}</TableCell>
                <TableCell className="min-w-40">
                  <BatchProgress batch={b} compact />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <Pagination
        page={page}
        pageSize={STATEMENT_BATCHES_PAGE_SIZE}
        total={list.data.total}
        onPage={setPage}
        busy={list.isPlaceholderData}
      />
    </div>
  );
}

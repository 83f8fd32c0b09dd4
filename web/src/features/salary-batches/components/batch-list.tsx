import { Link } from 'react-router';
import { formatAccountNumber, formatCurrency } from '@bankmanager/contracts';
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
import { BATCHES_PAGE_SIZE, useBatches } from '../api/batches';

/** The batches, newest first: what each is, where it stands, and a way into its report. */
export function BatchList() {
  // The page lives in the query string: a reload, Back from a batch or a shared link keeps it.
  const [page, setPage] = useUrlPage();
  const list = useBatches(page);
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
          <TableCaption>Salary batches, newest first</TableCaption>
          <TableHeader>
            <tr>
              <TableHead>Batch</TableHead>
              <TableHead>Employer</TableHead>
              <TableHead align="right">Lines</TableHead>
              <TableHead align="right">Problems</TableHead>
              <TableHead align="right">Total</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Uploaded</TableHead>
            </tr>
          </TableHeader>
          <TableBody>
            {list.data.rows.map((b) => (
              <TableRow key={b.id}>
                <TableCell>
                  <Link className="text-primary underline" to={{ search: `?batch=${b.id}` }}>
                    {`Batch ${b.id}`}
                  </Link>
                </TableCell>
                <TableCell>{`${b.employer_holder} · ${formatAccountNumber(b.employer_account)}`}</TableCell>
                <TableCell align="right">{b.line_count.toLocaleString('en-US')}</TableCell>
                <TableCell align="right">{b.problem_count.toLocaleString('en-US')}</TableCell>
                <TableCell align="right" kind="amount">
                  {formatCurrency(b.total, b.currency)}
                </TableCell>
                <TableCell>{b.status}</TableCell>
                <TableCell kind="date">{`${formatDateTime(b.created_at)} · ${b.maker_email}`}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {list.data.rows.length === 0 ? <p>No salary batches yet.</p> : null}
      <Pagination
        page={page}
        pageSize={BATCHES_PAGE_SIZE}
        total={list.data.total}
        onPage={setPage}
        busy={list.isPlaceholderData}
      />
    </div>
  );
}

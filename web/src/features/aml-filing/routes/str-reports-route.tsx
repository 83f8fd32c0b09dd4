import {
  STR_LABELS,
  STR_STATUSES,
  formatDateTime,
  strListQuerySchema,
  type StrReport,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useUrlList } from '@/hooks/use-url-state';
import { usePermissions } from '@/lib/permissions';
import { toast } from '@/lib/toast';
import {
  STR_PAGE_SIZE,
  downloadStr,
  useRecordStrSubmission,
  useSendStr,
  useStrReports,
} from '../api/str-reports';
import { FiuSubmissionForm } from '../components/fiu-submission-form';

const filtersSchema = strListQuerySchema.pick({ status: true });

function StrActions({ s }: { s: StrReport }) {
  const { can } = usePermissions();
  const send = useSendStr();
  const submission = useRecordStrSubmission();
  if (s.status === 'draft')
    return can('aml.str.prepare') ? (
      <Button
        size="sm"
        disabled={send.isPending}
        onClick={() =>
          send.mutate(s.id, {
            onSuccess: () =>
              toast({ title: 'Sent to the MLRO', description: `${s.reference} awaits approval.` }),
            onError: (err) => toast({ title: 'Error', description: err.message, variant: 'destructive' }),
          })
        }
      >
        Send to the MLRO <span className="sr-only">{s.reference}</span>
      </Button>
    ) : null;
  if (s.status === 'pending_approval') return <span>In the approvals inbox</span>;
  return (
    <div className="grid gap-2">
      <span className="flex flex-wrap gap-2">
        {(['xml', 'pdf'] as const).map((f) => (
          <Button key={f} size="sm" variant="outline" onClick={() => void downloadStr(s, f)}>
            {f === 'xml' ? 'goAML XML' : 'PDF'} <span className="sr-only">of {s.reference}</span>
          </Button>
        ))}
      </span>
      {s.status === 'approved' && can('aml.str.file') ? (
        <FiuSubmissionForm
          id={s.id}
          reference={s.reference}
          busy={submission.isPending}
          record={(body, onError) =>
            submission.mutate({ id: s.id, body }, { onError: (err) => onError(err.message) })
          }
        />
      ) : null}
    </div>
  );
}

/**
 * Compliance → STR Reports: drafts, those awaiting the MLRO, and the approved and submitted ones with
 * their goAML XML and PDF. A draft comes from a case; the MLRO approves in the approvals inbox.
 */
export function StrReportsRoute() {
  const { filters, page, setPage, patchFilters } = useUrlList(filtersSchema);
  const list = useStrReports(page, filters.status);
  return (
    <main className="mx-auto grid w-full max-w-6xl gap-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">STR Reports</h1>
      <form
        aria-label="Filter the list"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <Field id="str-status" label="Status">
          <Select
            id="str-status"
            value={filters.status ?? ''}
            onChange={(e) => patchFilters({ status: e.target.value || undefined })}
          >
            <option value="">All</option>
            {STR_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STR_LABELS.status[s]}
              </option>
            ))}
          </Select>
        </Field>
      </form>
      {list.isPending ? <p role="status">Loading the list…</p> : null}
      {list.isError ? <p role="alert">{list.error.message}</p> : null}
      {list.data ? (
        <>
          <Table>
            <TableCaption>Suspicious transaction reports, newest first</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Reference</TableHead>
                <TableHead>Subject</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Prepared</TableHead>
                <TableHead>MLRO</TableHead>
                <TableHead>FIU reference</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={7}>No STRs.</TableCell>
                </TableRow>
              ) : null}
              {list.data.rows.map((s) => (
                <TableRow key={s.id}>
                  <TableCell kind="code">{s.reference}</TableCell>
                  <TableCell>
                    {s.customerName} <span className="text-muted-foreground">({s.custId})</span>
                  </TableCell>
                  <TableCell>{STR_LABELS.status[s.status]}</TableCell>
                  <TableCell>
                    {s.preparedBy}, {formatDateTime(s.preparedAt)}
                  </TableCell>
                  <TableCell>{s.approvedBy ?? ''}</TableCell>
                  <TableCell kind="code">{s.fiuReference ?? ''}</TableCell>
                  <TableCell>
                    <StrActions s={s} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination
            page={page}
            pageSize={STR_PAGE_SIZE}
            total={list.data.total}
            onPage={setPage}
            busy={list.isPlaceholderData}
          />
        </>
      ) : null}
    </main>
  );
}

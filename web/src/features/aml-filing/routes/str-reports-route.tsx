import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  STR_LABELS,
  STR_STATUSES,
  formatDateTime,
  strCaseParamSchema,
  strListQuerySchema,
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
import { useUrlList, useUrlSearch } from '@/hooks/use-url-state';
import { STR_PAGE_SIZE, downloadStrList, useStrReports } from '../api/str-reports';
import { StrActions } from '../components/str-actions';
import { StrDetail } from '../components/str-detail';
import { StrFromCase } from '../components/str-from-case';
import { Input } from '@/components/ui/input';

const filtersSchema = strListQuerySchema.pick({ status: true, q: true });

const uuid = strCaseParamSchema.shape.caseId;
const idIn = (params: URLSearchParams, key: string) => {
  const v = params.get(key);
  // A hand-edited id that is not one shows the list rather than a refused request.
  return uuid.safeParse(v).success ? v : null;
};

/**
 * Compliance → STR Reports: drafts, those awaiting the MLRO, and the approved and submitted ones with
 * their goAML XML and PDF; `?str=` one STR (its draft form while a draft), `?case=` a new draft from
 * that case's file. The MLRO approves in the approvals inbox.
 */
export function StrReportsRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const strId = idIn(params, 'str');
  const caseId = strId ? null : idIn(params, 'case');
  if (!strId && !caseId) return <StrList />;
  return (
    <main className="mx-auto grid w-full max-w-6xl gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{strId ? 'Suspicious transaction report' : 'New STR'}</h1>
        <Button asChild variant="outline">
          <Link to={{ search: '' }}>All STRs</Link>
        </Button>
      </div>
      {strId ? (
        <StrDetail id={strId} />
      ) : (
        <StrFromCase caseId={caseId!} onSaved={(id) => void navigate({ search: `?str=${id}` })} />
      )}
    </main>
  );
}

function StrList() {
  const { filters, page, setPage, patchFilters } = useUrlList(filtersSchema);
  const search = useUrlSearch('q', 300, filtersSchema.shape.q);
  const shown = { status: filters.status, q: search.term || undefined };
  const list = useStrReports(page, shown);
  return (
    <main className="mx-auto grid w-full max-w-6xl gap-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">STR Reports</h1>
      <p className="text-muted-foreground text-sm">
        A draft starts from an escalated case’s file (Compliance → Cases).
      </p>
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
        <Field id="str-search" label="Reference or subject">
          <Input type="search" value={search.text} onChange={(e) => search.onChange(e.target.value)} />
        </Field>
        <Button type="button" variant="outline" onClick={() => void downloadStrList(shown)}>
          Download CSV
        </Button>
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
                  <TableCell kind="code">
                    <Link className="text-primary underline" to={{ search: `?str=${s.id}` }}>
                      {s.reference}
                    </Link>
                  </TableCell>
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

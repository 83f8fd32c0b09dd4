import { formatDate, formatDateTime, type CtrFiling } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
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
import { useUrlList } from '@/hooks/use-url-state';
import {
  CTR_FILINGS_PAGE_SIZE,
  downloadCtrFilingFile,
  useCtrFilings,
  useRecordCtrSubmission,
} from '../api/ctr-filings';
import { ctrFilingQuerySchema } from '@bankmanager/contracts';
import { FiuSubmissionForm } from '../components/fiu-submission-form';

/** The FIU's date and reference of one filing, once. */
function RecordSubmission({ f }: { f: CtrFiling }) {
  const record = useRecordCtrSubmission();
  return (
    <FiuSubmissionForm
      id={f.id}
      reference={f.reference}
      busy={record.isPending}
      record={(body, onError) =>
        record.mutate({ id: f.id, body }, { onError: (err) => onError(err.message) })
      }
    />
  );
}

/**
 * Compliance → CTR Filings: the frozen daily and monthly batches for the FIU (prepared from Reports →
 * Cash Transaction Reports), as goAML XML and CSV, with who prepared them and the FIU's reference.
 */
export function CtrFilingsRoute() {
  const { page, setPage } = useUrlList(ctrFilingQuerySchema.pick({}));
  const list = useCtrFilings(page);
  return (
    <main className="mx-auto grid w-full max-w-6xl gap-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">CTR Filings</h1>
      {list.isPending ? <p role="status">Loading the list…</p> : null}
      {list.isError ? <p role="alert">{list.error.message}</p> : null}
      {list.data ? (
        <>
          <Table>
            <TableCaption>Frozen CTR filings for the FIU, newest first</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Reference</TableHead>
                <TableHead>Period</TableHead>
                <TableHead align="right">CTRs</TableHead>
                <TableHead>Prepared</TableHead>
                <TableHead>Files</TableHead>
                <TableHead>FIU submission</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6}>No filings yet.</TableCell>
                </TableRow>
              ) : null}
              {list.data.rows.map((f) => (
                <TableRow key={f.id}>
                  <TableCell kind="code">{f.reference}</TableCell>
                  <TableCell>
                    {formatDate(f.periodFrom)}
                    {f.periodTo !== f.periodFrom ? ` to ${formatDate(f.periodTo)}` : ''}
                  </TableCell>
                  <TableCell align="right">{f.reports}</TableCell>
                  <TableCell>
                    {f.preparedBy}, {formatDateTime(f.preparedAt)}
                  </TableCell>
                  <TableCell>
                    <span className="flex flex-wrap gap-2">
                      {(['xml', 'csv'] as const).map((format) => (
                        <Button
                          key={format}
                          size="sm"
                          variant="outline"
                          onClick={() => void downloadCtrFilingFile(f, format)}
                        >
                          {format === 'xml' ? 'goAML XML' : 'CSV'}{' '}
                          <span className="sr-only">of {f.reference}</span>
                        </Button>
                      ))}
                    </span>
                  </TableCell>
                  <TableCell>
                    {f.fiuReference && f.fiuSubmittedOn ? (
                      `${formatDate(f.fiuSubmittedOn)}, ${f.fiuReference}`
                    ) : (
                      <RecordSubmission f={f} />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination
            page={page}
            pageSize={CTR_FILINGS_PAGE_SIZE}
            total={list.data.total}
            onPage={setPage}
            busy={list.isPlaceholderData}
          />
        </>
      ) : null}
    </main>
  );
}

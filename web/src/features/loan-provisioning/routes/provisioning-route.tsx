import { useState, type FormEvent } from 'react';
import { provisionRunCreateSchema, formatDate, type ProvisionRunSummary } from '@bankmanager/contracts';
import { FOUR_EYES_TEXT, askTo } from '@bankmanager/contracts/approval-display';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { Field } from '@/components/ui/form-field';
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
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useUrlPage, useUrlParams } from '@/hooks/use-url-state';
import { fieldErrorsFrom, formLevelError } from '@/lib/api-errors';
import { requestHref, toastSentForApproval } from '@/lib/sent-for-approval';
import { useComputeRun } from '../api/compute-run';
import { useProvisionRun } from '../api/get-run';
import { RUNS_PAGE_SIZE, useProvisionRuns } from '../api/get-runs';
import { useRequestPosting } from '../api/request-posting';
import { ProvisionClasses } from '../components/provision-classes';

const STATUS_TEXT: Record<ProvisionRunSummary['status'], string> = {
  draft: 'Draft',
  pending: 'Waiting for approval',
  posted: 'Posted',
};

/**
 * Account → Loan → Provisioning: a draft run as of a closed business date (the newest by default),
 * computed again as often as wanted, then sent for a second person's approval, which posts it. A
 * posted run is the record and never changes; `?run=` opens one.
 */
export function ProvisioningRoute() {
  useDocumentTitle('Provisioning');
  const [params, set] = useUrlParams();
  const [page, setPage] = useUrlPage();
  const runId = Number(params.get('run')) || null;
  const runs = useProvisionRuns(page);
  const run = useProvisionRun(runId);
  const compute = useComputeRun();
  const post = useRequestPosting();
  const [asOf, setAsOf] = useState('');
  const [asOfError, setAsOfError] = useState<string | undefined>();

  const onCompute = (e: FormEvent) => {
    e.preventDefault();
    const parsed = provisionRunCreateSchema.safeParse(asOf ? { asOf } : {});
    if (!parsed.success) return setAsOfError(parsed.error.issues[0]?.message);
    setAsOfError(undefined);
    compute.mutate(asOf, {
      onSuccess: (r) => set({ run: r.id }),
      onError: (err) => setAsOfError(fieldErrorsFrom(err).asOf),
    });
  };
  const refused = formLevelError(compute.error) ?? post.error;

  return (
    <main className="mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">Provisioning</h1>
      <form onSubmit={onCompute} className="flex flex-wrap items-end gap-3" noValidate>
        <Field
          id="provision-as-of"
          label="As of (a closed business date; empty: the newest)"
          error={asOfError}
        >
          <DateField id="provision-as-of" label="As of" value={asOf} onChange={setAsOf} />
        </Field>
        <Button type="submit" disabled={compute.isPending}>
          {compute.isPending ? 'Computing…' : 'Compute draft'}
        </Button>
      </form>
      {refused ? (
        <p role="alert" className="text-destructive text-sm">
          {refused.message}
        </p>
      ) : null}

      {runId && run.data ? (
        <section aria-labelledby="run-heading" className="space-y-3">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="run-heading" className="text-lg font-semibold">
              Run as of {formatDate(run.data.asOf)}
              {run.data.monthEnd ? ' (month end)' : ''}
            </h2>
            <Badge variant={run.data.status === 'posted' ? 'secondary' : 'outline'}>
              {STATUS_TEXT[run.data.status]}
            </Badge>
          </div>
          <ProvisionClasses classes={run.data.classes} />
          {run.data.status === 'draft' ? (
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                disabled={post.isPending}
                onClick={() =>
                  post.mutate(run.data.id, {
                    onSuccess: (a) => toastSentForApproval(a.approvalId, 'The provision posting'),
                  })
                }
              >
                {post.isPending ? FOUR_EYES_TEXT.sending : askTo('Post the provision')}
              </Button>
            </div>
          ) : null}
          {run.data.status === 'pending' && run.data.approvalId ? (
            <p className="text-sm">
              A second person approves the posting in the{' '}
              <a className="underline" href={requestHref(run.data.approvalId)}>
                approvals inbox
              </a>
              .
            </p>
          ) : null}
          {run.data.status === 'posted' ? (
            <p className="text-muted-foreground text-sm">
              Posted by {run.data.postedByEmail}; a posted run is not computed again.
            </p>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="runs-heading" className="space-y-3">
        <h2 id="runs-heading" className="text-lg font-semibold">
          Runs
        </h2>
        <Table>
          <TableCaption>Provisioning runs, newest first</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>As of</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Prepared by</TableHead>
              <TableHead>Posted by</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {(runs.data?.rows ?? []).map((r) => (
              <TableRow key={r.id}>
                <TableCell>
                  <Button
                    type="button"
                    variant="link"
                    className="h-auto p-0"
                    onClick={() => set({ run: r.id })}
                  >
                    {formatDate(r.asOf)}
                    {r.monthEnd ? ' (month end)' : ''}
                  </Button>
                </TableCell>
                <TableCell>{STATUS_TEXT[r.status]}</TableCell>
                <TableCell>{r.preparedByEmail}</TableCell>
                <TableCell>{r.postedByEmail ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Pagination
          page={page}
          pageSize={RUNS_PAGE_SIZE}
          total={runs.data?.total ?? 0}
          onPage={setPage}
          busy={runs.isFetching}
        />
      </section>
    </main>
  );
}

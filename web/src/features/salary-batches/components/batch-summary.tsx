import {
  SALARY_LINE_TEXT,
  formatAccountNumber,
  formatCurrency,
  type SalaryBatch,
  type SalaryLineProblem,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { downloadReport } from '../api/download-report';
import { useSubmitBatch } from '../api/submit-batch';
import { RequestSent } from '@/components/approvals/request-sent';

const STATUS_TEXT: Record<SalaryBatch['status'], string> = {
  draft: 'Draft: fix or remove the lines with a problem, then submit for approval.',
  submitted: 'Submitted: waiting for a second person to approve it.',
  posted: 'Posted.',
};

/** The batch at a glance, its problems by kind, the report, and Submit. */
export function BatchSummary({ batch: b }: { batch: SalaryBatch }) {
  const submit = useSubmitBatch(b.id);
  const clean = b.status === 'draft' && b.problem_count === 0 && b.line_count > 0 && !b.over_available;
  const fact = (label: string, value: string) => (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <section aria-labelledby="batch-heading" className="grid gap-4 rounded-md border p-4">
      <h2 id="batch-heading" className="text-lg font-semibold">{`Batch ${b.id} · ${b.narration}`}</h2>
      <p role="status" data-testid="batch-status">
        {b.status === 'submitted' && b.approval_status === 'expired'
          ? 'The approval request expired unread: submit again.'
          : b.status === 'posted' && b.entry_id
            ? `Posted as journal entry ${b.entry_id}.`
            : STATUS_TEXT[b.status]}
      </p>
      <dl className="grid gap-3 sm:grid-cols-3">
        {fact('Employer', `${b.employer_holder} · ${formatAccountNumber(b.employer_account)}`)}
        {fact('Lines', b.line_count.toLocaleString('en-US'))}
        {fact('Lines with a problem', b.problem_count.toLocaleString('en-US'))}
        {fact('Total of the good lines', formatCurrency(b.total, b.currency))}
        {fact('Employer’s available balance', formatCurrency(b.available, b.currency))}
        {fact('Uploaded by', b.maker_email)}
      </dl>
      {b.over_available && b.status === 'draft' ? (
        <p role="alert" className="text-destructive text-sm">
          The total is more than the employer’s available balance: the employer must pay in first, or lines
          removed.
        </p>
      ) : null}
      {b.problem_count > 0 ? (
        <ul className="grid gap-1 text-sm" aria-label="Problems by kind">
          {Object.entries(b.problems).map(([code, n]) => (
            <li
              key={code}
            >{`${n.toLocaleString('en-US')} × ${SALARY_LINE_TEXT[code as SalaryLineProblem] ?? code}`}</li>
          ))}
        </ul>
      ) : null}
      {submit.isSuccess ? <RequestSent approvalId={submit.data.approvalId} what="The salary batch" /> : null}
      {submit.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {submit.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {b.status === 'draft' || b.approval_status === 'expired' ? (
          <Button type="button" disabled={!clean && b.status === 'draft'} onClick={() => submit.mutate()}>
            {submit.isPending ? 'Submitting...' : 'Submit for approval'}
          </Button>
        ) : null}
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            void downloadReport(b.id).catch((err: unknown) =>
              toast({
                title: 'Error',
                description: err instanceof Error ? err.message : 'Download failed',
                variant: 'destructive',
              }),
            )
          }
        >
          Download the report (CSV)
        </Button>
      </div>
    </section>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { formatLongDate } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { usePrechecks } from '../api/get-prechecks';
import { useRequestRun } from '../api/request-run';
import { PrecheckList } from '../components/precheck-list';
import { requestHref } from '@/lib/sent-for-approval';
import { FOUR_EYES_TEXT } from '@bankmanager/contracts/approval-display';

/**
 * /system/batch/period-end: the day to close and its pre-checks; pending requests are carried over
 * and a suspense balance acknowledged only by ticking them; the request then waits for a supervisor.
 */
export function PeriodEndRoute() {
  const checks = usePrechecks();
  const request = useRequestRun();
  const [carryOver, setCarryOver] = useState(false);
  const [ackSuspense, setAckSuspense] = useState(false);
  const data = checks.data;
  const pending = data?.pendingApprovals ?? [];
  const suspense = data?.checks.find((c) => c.key === 'suspense_zero');
  const blocked = data?.checks.some((c) => c.state === 'fail') ?? true;
  const refusal = request.error instanceof ApiError ? request.error.message : request.error?.message;

  const submit = () =>
    request.mutate({
      carryOverApprovalIds: carryOver ? pending.map((p) => p.id) : [],
      acknowledgeSuspense: ackSuspense,
    });

  return (
    <main className="mx-auto w-full max-w-4xl space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">End of Day</h1>
      {checks.isPending ? <p role="status">Loading the pre-checks…</p> : null}
      {checks.isError ? (
        <p role="alert" className="text-destructive">
          {checks.error.message}
        </p>
      ) : null}
      {data ? (
        <>
          <Card>
            <CardHeader>
              <CardTitle>Business date {formatLongDate(data.businessDate)}</CardTitle>
              <CardDescription>
                Closing it moves the bank to {formatLongDate(data.nextBusinessDate)}
                {data.quarterEnd ? ': a quarter end' : data.monthEnd ? ': a month end' : ''}.
                {data.monthEnd
                  ? ' Interest posts with 15% withholding tax and monthly fees are charged.'
                  : ''}
              </CardDescription>
            </CardHeader>
          </Card>
          <section aria-labelledby="checks-heading" className="space-y-3">
            <div className="flex items-center justify-between gap-2">
              <h2 id="checks-heading" className="text-lg font-semibold">
                Pre-checks
              </h2>
              <Button
                variant="outline"
                size="sm"
                onClick={() => void checks.refetch()}
                disabled={checks.isFetching}
              >
                {checks.isFetching ? 'Checking…' : 'Check again'}
              </Button>
            </div>
            <PrecheckList checks={data.checks} />
          </section>
          <Card>
            <CardContent className="space-y-3 pt-6">
              {pending.length > 0 ? (
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-1 size-4"
                    checked={carryOver}
                    onChange={(e) => setCarryOver(e.target.checked)}
                  />
                  <span>
                    Carry the {pending.length} pending request{pending.length === 1 ? '' : 's'} over to{' '}
                    {formatLongDate(data.nextBusinessDate)} (otherwise decide them first in the{' '}
                    <Link className="underline" to={paths.approvalsInbox}>
                      approvals inbox
                    </Link>
                    )
                  </span>
                </label>
              ) : null}
              {suspense?.state === 'acknowledge' ? (
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-1 size-4"
                    checked={ackSuspense}
                    onChange={(e) => setAckSuspense(e.target.checked)}
                  />
                  <span>I have seen the suspense balance and end of day may go ahead</span>
                </label>
              ) : null}
              {request.data ? (
                <div role="status" className="space-y-2">
                  <p className="font-medium">Sent for approval</p>
                  <p className="text-sm">
                    Run {request.data.runId} waits for a second person with the right to run end of day; it
                    starts once approved.{' '}
                    <Link className="underline" to={requestHref(request.data.approvalId)}>
                      {FOUR_EYES_TEXT.viewRequest}
                    </Link>
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button asChild>
                      <Link to={`${paths.eodProcesses}?run=${request.data.runId}`}>Watch the run</Link>
                    </Button>
                    <Button asChild variant="outline">
                      <Link to={paths.approvalsInbox}>Open the approvals inbox</Link>
                    </Button>
                  </div>
                </div>
              ) : (
                <Button onClick={submit} disabled={request.isPending || blocked}>
                  {request.isPending ? FOUR_EYES_TEXT.sending : FOUR_EYES_TEXT.askToRunEod}
                </Button>
              )}
              {blocked && !request.data ? (
                <p className="text-muted-foreground text-sm">A failed pre-check must be put right first.</p>
              ) : null}
              {refusal ? (
                <p role="alert" className="text-destructive text-sm">
                  {refusal}
                </p>
              ) : null}
            </CardContent>
          </Card>
        </>
      ) : null}
    </main>
  );
}

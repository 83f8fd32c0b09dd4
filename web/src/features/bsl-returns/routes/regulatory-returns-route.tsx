import { useSearchParams } from 'react-router';
import { RETURNS_TEXT } from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { conflictCode } from '@/lib/api-errors';
import { useBusinessDate } from '@/lib/business-date';
import { usePermissions } from '@/lib/permissions';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { usePreparedReturns, useSignOff } from '../api/returns-api';
import { FilingsList } from '../components/filings-list';
import { MappingEditor } from '../components/mapping-editor';
import { ReturnTable } from '../components/return-table';
import { lastEndedMonth, monthEndOf } from '../lib/month';
import { Notice } from '@/components/ui/notice';

/**
 * Reports → Regulatory Returns: pick a month, see its BSL returns beside the previous month with the
 * variances and each return's difference against the trial balance, send them for sign-off (a second
 * person approves in the approvals inbox), and download the filed versions. The month is in the URL.
 */
export function RegulatoryReturnsRoute() {
  useDocumentTitle(RETURNS_TEXT.title);
  const [params, setParams] = useSearchParams();
  const businessDate = useBusinessDate().data?.business_date;
  const month = params.get('month') ?? (businessDate ? lastEndedMonth(businessDate) : '');
  const monthEnd = monthEndOf(month);
  const prepared = usePreparedReturns(monthEnd);
  const signOff = useSignOff();
  const { can } = usePermissions();
  const d = prepared.data;
  const stale = conflictCode(signOff.error) === 'returns_changed';

  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-6 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">{RETURNS_TEXT.title}</h1>
      <div className="flex flex-wrap items-end gap-3">
        <FormField
          id="returns-month"
          label="Month"
          type="month"
          value={month}
          required
          className="w-fit"
          onChange={(e) => {
            signOff.reset();
            setParams((p) => {
              const next = new URLSearchParams(p);
              next.set('month', e.target.value);
              return next;
            });
          }}
        />
        {can('returns.prepare') ? (
          <Button
            disabled={!d || !d.reconciled || signOff.isPending || prepared.isFetching}
            onClick={() => d && signOff.mutate({ monthEnd: d.monthEnd, fingerprint: d.fingerprint })}
          >
            Submit for sign-off
          </Button>
        ) : null}
      </div>
      {signOff.isSuccess ? (
        <Notice tone="fine">
          Sent for sign-off. Another person who may sign returns approves it in the approvals inbox.
        </Notice>
      ) : signOff.isError ? (
        <p role="alert" className="text-destructive">
          {stale ? RETURNS_TEXT.stale : signOff.error.message}
        </p>
      ) : null}
      {prepared.isPending && monthEnd ? (
        <p>Preparing the returns...</p>
      ) : prepared.isError ? (
        <p role="alert" className="text-destructive">
          {prepared.error.message}
        </p>
      ) : d ? (
        <>
          {d.reconciled ? (
            <Notice tone="fine">
              {`Every return agrees with the trial balance at ${d.monthEnd}: every difference is 0.00.`}
            </Notice>
          ) : (
            <Notice tone="problem">{RETURNS_TEXT.notReconciled}</Notice>
          )}
          {d.returns.map((r) => (
            <ReturnTable key={r.code} r={r} monthEnd={d.monthEnd} previous={d.previousMonthEnd} />
          ))}
        </>
      ) : null}
      {monthEnd ? <FilingsList monthEnd={monthEnd} /> : null}
      {can('returns.prepare') ? <MappingEditor /> : null}
    </main>
  );
}

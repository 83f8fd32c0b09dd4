import { useState } from 'react';
import { Link } from 'react-router';
import {
  LOAN_APPLICATION_TRANSITIONS,
  SECTOR_CODES,
  formatAmount,
  formatDateTime,
  loanApplicationActionsFrom,
  type SectorCode,
} from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { usePermissions } from '@/lib/permissions';
import { useAppraisalFacts, useLoanApplication, useSubmitApplication } from '../api/loan-applications';
import { refusalText } from '@/lib/api-errors';
import { ApplicationForm } from './application-form';
import { AppraisalPanel } from './appraisal-panel';
import { ApplicationDocuments } from './application-documents';
import { AppraiseForm, EndForm } from './decision-forms';
import { DisburseForm } from './disburse-form';

type Open = 'edit' | 'appraise' | 'reject' | 'withdraw' | 'disburse' | null;

/**
 * One application: its terms, parties, the appraisal, the history, and the actions the lifecycle
 * table allows from its state and the user's permissions. Approval itself is the approvals inbox's.
 */
export function ApplicationDetail({ id }: { id: number }) {
  const one = useLoanApplication(id);
  const a = one.data;
  const live = a?.status === 'Submitted' || (a?.status === 'Appraised' && a.pendingApprovalId === null);
  const facts = useAppraisalFacts(id, !!a && (live || a.status === 'Draft'));
  const submit = useSubmitApplication();
  const { can } = usePermissions();
  const [open, setOpen] = useState<Open>(null);
  const [error, setError] = useState<string | null>(null);
  if (one.isPending) return <p role="status">Loading the application…</p>;
  if (one.isError)
    return (
      <p role="alert" className="text-destructive">
        {one.error.message}
      </p>
    );
  const app = one.data;
  if (open === 'edit')
    return <ApplicationForm application={app} onSaved={() => setOpen(null)} onCancel={() => setOpen(null)} />;
  const allowed = loanApplicationActionsFrom(app.status).filter(
    (x) =>
      x !== 'approve' &&
      can(LOAN_APPLICATION_TRANSITIONS[x].permission) &&
      !(app.pendingApprovalId && x !== 'edit'),
  );
  const done = () => setOpen(null);
  return (
    <article aria-labelledby="loan-app-heading" className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="loan-app-heading" className="text-xl font-semibold">
          Application {app.id}: {app.customerName}
        </h2>
        <Badge variant="secondary">{app.status}</Badge>
      </div>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        <dt className="text-muted-foreground">Product</dt>
        <dd>
          {app.productName} ({app.productCode}, version {app.productVersion})
        </dd>
        <dt className="text-muted-foreground">Amount, term, rate</dt>
        <dd>
          Le {formatAmount(app.amount)} over {app.term} instalments at {Number(app.rate)}% a year
        </dd>
        <dt className="text-muted-foreground">Purpose</dt>
        <dd>
          {SECTOR_CODES[app.sector as SectorCode]?.label ?? app.sector}
          {app.purpose ? `: ${app.purpose}` : ''}
        </dd>
        <dt className="text-muted-foreground">Repayment account</dt>
        <dd>{app.repaymentAccount}</dd>
        {app.salary ? (
          <>
            <dt className="text-muted-foreground">Salary</dt>
            <dd>
              {app.salary.employer}: net Le {formatAmount(app.salary.netMonthlySalary)} a month, obligations
              Le {formatAmount(app.salary.monthlyObligations)}
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Guarantors</dt>
        <dd>
          {app.guarantors.length
            ? app.guarantors.map((g) => `${g.name} (Le ${formatAmount(g.amount)})`).join('; ')
            : 'None'}
        </dd>
        <dt className="text-muted-foreground">Collateral</dt>
        <dd>
          {app.collateral.length
            ? app.collateral
                .map((k) => `${k.description}: lending value Le ${formatAmount(k.lendingValue)}`)
                .join('; ')
            : 'None'}
          {app.coverageRatio ? ` — coverage ${app.coverageRatio}%` : ''}
        </dd>
        <dt className="text-muted-foreground">Officer</dt>
        <dd>{app.officerEmail}</dd>
        {app.recommendation ? (
          <>
            <dt className="text-muted-foreground">Recommendation</dt>
            <dd>
              {app.recommendation === 'approve' ? 'Approve' : 'Decline'} ({app.appraisedByEmail}):{' '}
              {app.appraisalNotes}
              {app.overrideReason ? ` — override: ${app.overrideReason}` : ''}
            </dd>
          </>
        ) : null}
        {app.decisionReason ? (
          <>
            <dt className="text-muted-foreground">Reason</dt>
            <dd>{app.decisionReason}</dd>
          </>
        ) : null}
      </dl>
      {app.pendingApprovalId ? (
        <p role="status">
          Waiting for approval in the{' '}
          <Link className="underline" to="/transactions/control/approve">
            approvals inbox
          </Link>
          .
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2" role="group" aria-label="Actions">
        {allowed.map((x) =>
          x === 'submit' ? (
            <Button
              key={x}
              type="button"
              disabled={submit.isPending}
              onClick={() => {
                setError(null);
                submit.mutate(app.id, { onError: (err) => setError(refusalText(err)) });
              }}
            >
              {LOAN_APPLICATION_TRANSITIONS.submit.label}
            </Button>
          ) : (
            <Button
              key={x}
              type="button"
              variant={open === x ? 'default' : 'outline'}
              onClick={() => setOpen(open === x ? null : (x as Open))}
            >
              {LOAN_APPLICATION_TRANSITIONS[x].label}
            </Button>
          ),
        )}
      </div>
      {error ? (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      ) : null}
      {open === 'appraise' ? (
        <AppraiseForm application={app} flagged={!!facts.data?.flags.length} onDone={done} />
      ) : null}
      {open === 'reject' || open === 'withdraw' ? (
        <EndForm application={app} action={open} onDone={done} />
      ) : null}
      {open === 'disburse' ? <DisburseForm application={app} onDone={done} /> : null}
      {facts.data ? (
        <AppraisalPanel facts={facts.data} />
      ) : app.appraisal ? (
        <AppraisalPanel facts={app.appraisal} />
      ) : null}
      <ApplicationDocuments id={app.id} status={app.status} />
      <section aria-labelledby="loan-app-history" className="space-y-2">
        <h3 id="loan-app-history" className="text-lg font-semibold">
          History
        </h3>
        <ol className="space-y-1">
          {app.history.map((h, i) => (
            <li key={i}>
              {formatDateTime(h.at)} — {h.action.replaceAll('_', ' ')}: {h.fromStatus ?? 'new'} → {h.toStatus}{' '}
              by {h.actorEmail}
              {h.reason ? ` (${h.reason})` : ''}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}

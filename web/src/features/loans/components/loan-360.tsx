import { useState } from 'react';
import { Link } from 'react-router';
import {
  COLLATERAL_TYPES,
  auditActionLabel,
  formatAmount,
  formatDate,
  formatDateTime,
  type LoanDetail,
} from '@bankmanager/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { downloadAgreement } from '../api/download-agreement';
import { useLoan } from '../api/get-loan';
import { usePermissions } from '@/lib/permissions';
import { DowngradeForm } from './downgrade-form';
import { GradingPanel } from './grading-panel';
import { LoanBookTab } from './loan-book-tab';
import { PayoffQuote } from './payoff-quote';
import { RepaymentsTab } from './repayments-tab';
import { RestructureForm } from './restructure-form';
import { RepaymentForm } from './repayment-form';
import { WriteOffLoan } from './write-off-loan';
import { ScheduleTable } from './schedule-table';
import { SimpleTable } from './simple-table';

function Header({ l }: { l: LoanDetail }) {
  const money = (v: string) => `${l.currency === 'SLE' ? 'Le' : l.currency} ${formatAmount(v)}`;
  const facts: [string, string][] = [
    ['Account', l.accountNumber],
    ['Customer', `${l.customerName} (${l.custId})`],
    ['Product', `${l.productName} (${l.productCode}, version ${l.productVersion})`],
    ['Amount lent', `${money(l.amount)}; paid out ${money(l.netDisbursed)} to ${l.repaymentAccount}`],
    ['Rate', `${Number(l.rate)}% a year, APR ${l.apr}%; ${l.term} ${l.frequency} instalments`],
    ['Outstanding principal', money(l.outstanding)],
    [
      'Next due',
      l.nextDue ? `${money(l.nextDue.amount)} on ${formatDate(l.nextDue.dueDate)}` : 'Nothing due',
    ],
    ['Days past due', String(l.daysPastDue)],
    ['Arrears', money(l.arrears)],
    [
      'Disbursed',
      `${formatDate(l.disbursementDate)} (asked by ${l.disbursedByEmail}, approved by ${l.approvedByEmail})`,
    ],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
      {facts.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="break-words">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The loan 360: the header (status, principal owed, next due, days past due) and tabs for the
 * schedule, the loan account's transactions, collateral, guarantors, the audit trail, the
 * approvals pending on it and its standing in the nightly book (suspense, penalties); the agreement summary downloads as a PDF. With loans.repay: record a
 * repayment by transfer and ask for a payoff quote (the 360 reloads when a repayment posts).
 */
export function Loan360({ id }: { id: number }) {
  const one = useLoan(id);
  const [error, setError] = useState<string | null>(null);
  const [panel, setPanel] = useState<'repay' | 'payoff' | 'writeOff' | 'downgrade' | 'restructure' | null>(
    null,
  );
  const can = usePermissions().can;
  const repays = can('loans.repay');
  // Write-off (ADR 0065): asked by a holder of loans.provision; money on a written-off loan is a recovery.
  const writesOff = can('loans.provision');
  // Grading and restructuring are asked by whoever appraises loans (ADR 0067); a second person approves.
  const grades = can('loans.appraise');
  if (one.isPending) return <p role="status">Loading the loan…</p>;
  if (one.isError)
    return (
      <p role="alert" className="text-destructive">
        {one.error.message}
      </p>
    );
  const l = one.data;
  return (
    <article aria-labelledby="loan-heading" className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="loan-heading" className="text-xl font-semibold">
          Loan {l.id}: {l.customerName}
        </h2>
        <Badge variant={l.status === 'Active' ? 'default' : 'secondary'}>{l.status}</Badge>
        {l.daysPastDue > 0 ? <Badge variant="destructive">{l.daysPastDue} days past due</Badge> : null}
      </div>
      <Header l={l} />
      <div className="flex flex-wrap gap-2" role="group" aria-label="Actions">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setError(null);
            downloadAgreement(l.id).catch((err: unknown) =>
              setError(err instanceof Error ? err.message : 'The agreement could not be downloaded.'),
            );
          }}
        >
          Agreement summary (PDF)
        </Button>
        <Button asChild variant="outline">
          <Link to={`${paths.loanApplications}?id=${l.applicationId}`}>Application {l.applicationId}</Link>
        </Button>
        {repays && l.status === 'Active' ? (
          <>
            <Button type="button" onClick={() => setPanel('repay')} aria-expanded={panel === 'repay'}>
              Record repayment
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => setPanel('payoff')}
              aria-expanded={panel === 'payoff'}
            >
              Payoff quote
            </Button>
          </>
        ) : null}
        {repays && l.status === 'Written off' ? (
          <Button type="button" onClick={() => setPanel('repay')} aria-expanded={panel === 'repay'}>
            Record recovery
          </Button>
        ) : null}
        {writesOff && l.status === 'Active' ? (
          <Button
            type="button"
            variant="outline"
            onClick={() => setPanel('writeOff')}
            aria-expanded={panel === 'writeOff'}
          >
            Ask to write off
          </Button>
        ) : null}
        {grades && l.status === 'Active' ? (
          <>
            <Button
              type="button"
              variant="outline"
              onClick={() => setPanel('downgrade')}
              aria-expanded={panel === 'downgrade'}
            >
              Downgrade
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => setPanel('restructure')}
              aria-expanded={panel === 'restructure'}
            >
              Restructure
            </Button>
          </>
        ) : null}
      </div>
      {panel === 'downgrade' ? <DowngradeForm loanId={l.id} onClose={() => setPanel(null)} /> : null}
      {panel === 'restructure' ? <RestructureForm loan={l} onClose={() => setPanel(null)} /> : null}
      {panel === 'repay' ? <RepaymentForm loan={l} onClose={() => setPanel(null)} /> : null}
      {panel === 'writeOff' ? <WriteOffLoan loan={l} onClose={() => setPanel(null)} /> : null}
      {panel === 'payoff' ? <PayoffQuote loan={l} onClose={() => setPanel(null)} /> : null}
      {error ? (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      ) : null}
      <Tabs defaultValue="schedule" className="space-y-3">
        <TabsList aria-label="Loan details" className="flex-wrap">
          <TabsTrigger value="schedule">Schedule</TabsTrigger>
          <TabsTrigger value="transactions">Transactions</TabsTrigger>
          <TabsTrigger value="collateral">Collateral</TabsTrigger>
          <TabsTrigger value="guarantors">Guarantors</TabsTrigger>
          <TabsTrigger value="audit">Audit</TabsTrigger>
          <TabsTrigger value="approvals">Pending approvals</TabsTrigger>
          <TabsTrigger value="book">Book</TabsTrigger>
          <TabsTrigger value="repayments">Repayments</TabsTrigger>
          <TabsTrigger value="grading">Grading</TabsTrigger>
        </TabsList>
        <TabsContent value="schedule">
          <ScheduleTable rows={l.schedule} />
        </TabsContent>
        <TabsContent value="transactions">
          <SimpleTable
            caption="Transactions of the loan account (newest first)"
            heads={['Posted', 'Description', 'Reference', 'Debit', 'Credit', 'Balance']}
            rows={l.transactions.map((t) => [
              formatDateTime(t.postedAt),
              t.description,
              t.reference,
              t.side === 'debit' ? formatAmount(t.amount) : '',
              t.side === 'credit' ? formatAmount(t.amount) : '',
              formatAmount(t.balanceAfter),
            ])}
          />
        </TabsContent>
        <TabsContent value="collateral">
          <SimpleTable
            caption="Collateral"
            heads={['Type', 'Description', 'Market value', 'Forced-sale value', 'Lending value']}
            rows={l.collateral.map((c) => [
              COLLATERAL_TYPES[c.type].label,
              c.description,
              formatAmount(c.marketValue),
              formatAmount(c.forcedSaleValue),
              formatAmount(c.lendingValue),
            ])}
          />
        </TabsContent>
        <TabsContent value="guarantors">
          <SimpleTable
            caption="Guarantors"
            heads={['Customer', 'Name', 'Amount guaranteed']}
            rows={l.guarantors.map((g) => [String(g.custId), g.name, formatAmount(g.amount)])}
          />
        </TabsContent>
        <TabsContent value="audit">
          <SimpleTable
            caption="Audit trail of the loan and its application (newest first)"
            heads={['When', 'Action', 'By', 'Outcome']}
            rows={l.audit.map((a) => [
              formatDateTime(a.at),
              auditActionLabel(a.action),
              a.actorEmail ?? '',
              a.outcome,
            ])}
          />
        </TabsContent>
        <TabsContent value="approvals">
          <SimpleTable
            caption="Approval requests pending on this loan"
            heads={['Requested', 'Type', 'Maker']}
            rows={l.pendingApprovals.map((p) => [formatDateTime(p.createdAt), p.type, p.makerEmail])}
          />
        </TabsContent>
        <TabsContent value="book">
          <LoanBookTab id={l.id} currency={l.currency} />
        </TabsContent>
        <TabsContent value="repayments">
          <RepaymentsTab loanId={l.id} />
        </TabsContent>
        <TabsContent value="grading">
          <GradingPanel loanId={l.id} />
        </TabsContent>
      </Tabs>
    </article>
  );
}

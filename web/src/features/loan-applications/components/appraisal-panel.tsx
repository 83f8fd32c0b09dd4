import { formatAmount, type LoanAppraisalFacts } from '@bankmanager/contracts';
import { ScheduleTable } from '@/components/lending/schedule-table';
import { Badge } from '@/components/ui/badge';

/** The appraisal's facts: DSR, exposure, flags, coverage and authority; the schedule when worked out now. */
export function AppraisalPanel({
  facts,
}: {
  facts: Omit<LoanAppraisalFacts, 'schedule'> & Partial<Pick<LoanAppraisalFacts, 'schedule'>>;
}) {
  const e = facts.exposure;
  return (
    <section aria-labelledby="appraisal-heading" className="space-y-4">
      <h3 id="appraisal-heading" className="text-lg font-semibold">
        Appraisal
      </h3>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        <dt className="text-muted-foreground">Decided by</dt>
        <dd>
          {facts.authority.label}
          {facts.authority.approvers > 1 ? ` (${facts.authority.approvers} approvers)` : ''}
        </dd>
        <dt className="text-muted-foreground">Debt-service ratio</dt>
        <dd>
          {facts.dsr
            ? `${facts.dsr.ratio}% of net salary (at most ${facts.dsr.max}%), largest instalment Le ${formatAmount(facts.dsr.instalment)}`
            : 'Not a salary loan'}
        </dd>
        <dt className="text-muted-foreground">Total exposure</dt>
        <dd>
          Le {formatAmount(e.total)} (unsecured Le {formatAmount(e.unsecured)}; limit Le{' '}
          {formatAmount(e.limit)}, {e.sharePercent}% of capital)
        </dd>
        <dt className="text-muted-foreground">Existing loans</dt>
        <dd>
          {e.loans.length
            ? e.loans.map((l) => `${l.accountNumber}: Le ${formatAmount(l.outstanding)}`).join('; ')
            : 'None'}
          {e.approvedApplications.length
            ? `; approved, not yet disbursed: ${e.approvedApplications.map((a) => `no. ${a.id} Le ${formatAmount(a.amount)}`).join('; ')}`
            : ''}
        </dd>
        <dt className="text-muted-foreground">Collateral coverage</dt>
        <dd>{facts.coverageRatio === null ? 'No collateral' : `${facts.coverageRatio}%`}</dd>
        <dt className="text-muted-foreground">Flags</dt>
        <dd>
          {facts.flags.length ? (
            <ul className="flex flex-wrap gap-2" aria-label="Flags">
              {facts.flags.map((f) => (
                <li key={f.code}>
                  <Badge variant="destructive">{f.label}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            'None'
          )}
        </dd>
      </dl>
      {facts.schedule ? (
        <div className="overflow-x-auto">
          <p>
            Instalment Le {formatAmount(facts.schedule.instalments[0]?.total ?? '0')}; paid out Le{' '}
            {formatAmount(facts.schedule.netDisbursed)} after a processing fee of Le{' '}
            {formatAmount(facts.schedule.processingFee)}.
          </p>
          <ScheduleTable schedule={facts.schedule} />
        </div>
      ) : null}
    </section>
  );
}

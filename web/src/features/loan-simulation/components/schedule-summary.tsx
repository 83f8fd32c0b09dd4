import {
  formatAmount,
  formatDate,
  INTEREST_METHOD_LABELS,
  LOAN_FREQUENCY_LABELS,
  scheduleApr,
  type LoanSchedule,
  type LoanScheduleInput,
} from '@bankmanager/contracts';

/** The terms and the headline figures, on screen and on paper (where the form is not printed). */
export function ScheduleSummary({ input, schedule }: { input: LoanScheduleInput; schedule: LoanSchedule }) {
  const first = schedule.instalments.find((i) => i.grace === null)!;
  const rows: [string, string][] = [
    ['Amount', `Le ${formatAmount(input.principal)}`],
    ['Term', `${input.instalments} ${LOAN_FREQUENCY_LABELS[input.frequency].toLowerCase()} instalments`],
    ['Interest', `${input.annualRate}% a year · ${INTEREST_METHOD_LABELS[input.method]}`],
    ['Disbursed on', formatDate(input.disbursementDate)],
    [
      schedule.emi ? 'Instalment (EMI)' : 'First instalment',
      `Le ${formatAmount(schedule.emi ?? first.total)}`,
    ],
    ['Total interest', `Le ${formatAmount(schedule.totals.interest)}`],
    ['Total repaid', `Le ${formatAmount(schedule.totals.total)}`],
    ['APR', `${scheduleApr(schedule)}%`],
  ];
  return (
    <dl
      className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]"
      data-testid="loan-summary"
    >
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-mono tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * End of day (docs/end-of-day.md): the steps of a run, in the order they run, and the pre-checks before it.
 * One list for the server (which runs them) and the web (which shows them); docs/end-of-day.md says
 * what each one does in plain words.
 */
export const EOD_STEPS = [
  'standing_orders',
  'cleared_deposits',
  'credit_accrual',
  'overdraft_accrual',
  'fd_maturities',
  'interest_posting',
  'accrual_after_posting',
  'fees',
  'dormancy',
  // The loan book: the day's interest accrual on performing loans, then days past due and class.
  'loan_accrual',
  // The instalments due collected from repayment accounts: after the day's postings and the accrual
  // (the period's interest is then receivable), before classification counts what is still unpaid.
  'loan_auto_debit',
  'loan_classification',
  // Non-performing loans' unpaid interest into suspense, then late-payment penalties: after
  // classification, because both turn on the class the loan has today.
  'loan_suspense',
  'sanctions_rescreen',
  'aml_monitoring',
  'gl_snapshot',
  // The dashboards' daily figures: after every posting of the day, before the date moves.
  'report_aggregates',
  // Built reports scheduled for a role: queued once per date, after the figures they read are final.
  'report_schedules',
  'advance_date',
] as const;
export type EodStep = (typeof EOD_STEPS)[number];

export const EOD_STEP_LABELS: Record<EodStep, string> = {
  standing_orders: 'Standing orders due',
  cleared_deposits: 'Cleared deposits released',
  credit_accrual: 'Credit interest accrual',
  overdraft_accrual: 'Overdraft interest accrual',
  fd_maturities: 'Fixed-deposit maturities',
  interest_posting: 'Interest posting with 15% withholding tax',
  accrual_after_posting: 'Accrual past the period end',
  fees: 'Monthly maintenance and below-minimum fees',
  dormancy: 'Dormancy marking',
  loan_accrual: 'Loan interest accrual',
  loan_auto_debit: 'Loan instalments auto-debited',
  loan_classification: 'Loan days past due and classification',
  loan_suspense: 'Loan interest in suspense and late-payment penalties',
  sanctions_rescreen: 'Sanctions re-screening of all customers',
  aml_monitoring: 'Transaction monitoring rules',
  gl_snapshot: 'Daily GL balance snapshot',
  report_aggregates: 'Dashboard figures',
  report_schedules: 'Scheduled reports queued',
  advance_date: 'Advance the business date',
};

export const EOD_RUN_STATUSES = [
  'awaiting_approval',
  'queued',
  'running',
  'failed',
  'completed',
  'cancelled',
] as const;
export type EodRunStatus = (typeof EOD_RUN_STATUSES)[number];

/** A run that still holds the bank's one end-of-day slot (a failed run waits for its retry). */
export const EOD_ACTIVE_STATUSES = ['awaiting_approval', 'queued', 'running', 'failed'] as const;

export const EOD_STEP_STATUSES = ['pending', 'running', 'done', 'failed', 'skipped'] as const;
export type EodStepStatus = (typeof EOD_STEP_STATUSES)[number];

export const EOD_PRECHECKS = ['tills_closed', 'pending_approvals', 'suspense_zero'] as const;
export type EodPrecheckKey = (typeof EOD_PRECHECKS)[number];

export const EOD_PRECHECK_LABELS: Record<EodPrecheckKey, string> = {
  tills_closed: 'All tills closed',
  pending_approvals: 'No approval requests still pending',
  suspense_zero: 'Suspense accounts at zero',
};

/**
 * `pass`; `fail` blocks the run; `acknowledge` passes once the maker says so (suspense not at zero,
 * pending requests carried over); `unavailable` blocks too: the module that answers it is not installed.
 */
export const EOD_PRECHECK_STATES = ['pass', 'fail', 'acknowledge', 'unavailable'] as const;
export type EodPrecheckState = (typeof EOD_PRECHECK_STATES)[number];

/** Withholding tax on interest paid to depositors, credited to the NRA payable account. */
export const WHT_RATE = '0.15';
/** GL accounts of overdraft interest (the products carry credit-interest mappings only). */
export const OVERDRAFT_INTEREST_GL = { receivable: '1420', income: '4010' } as const;
/** The suspense account the pre-check looks at. */
export const SUSPENSE_GL = '1900';

/**
 * How many chunks may run side by side in the laned steps (interest, fees, the auto-debit): the counts
 * that split the 1024 dashboard slots evenly, so two lanes never update one slot (ADR 0089, 0090).
 */
export const EOD_LANE_COUNTS = [1, 2, 4, 8] as const;

/** What end of day says to people (server refusals and screens read these; tests import them). */
export const EOD_TEXT = {
  precheckFailed: 'End of day cannot start: a pre-check failed. Fix it, or acknowledge it where allowed.',
  alreadyActive: 'An end-of-day run is already waiting, queued or running; finish or retry it first.',
  notRetryable: (status: string) => `This run is ${status}; only a failed or completed run can be run again.`,
  runNotFound: 'No end-of-day run with this id.',
  noTillsModule: 'No tills module is installed: till sessions cannot be checked',
  tillsOpen: (n: number) => `${n} till session${n === 1 ? ' is' : 's are'} still open`,
  noStandingOrdersModule: 'No standing orders module is installed: nothing was run',
  noSanctionsModule: 'No sanctions module is installed: nobody was screened',
  noAmlModule: 'No monitoring module is installed: no rule ran',
  noReportingModule: 'No reporting module is installed: no dashboard figures were kept',
  reportAggregatesTaken: 'The dashboard figures of this date were already kept',
  pendingApprovals: (n: number) =>
    `${n} approval request${n === 1 ? ' is' : 's are'} still pending: decide ${n === 1 ? 'it' : 'them'}, or carry ${n === 1 ? 'it' : 'them'} over to the next business day`,
  carryOverMismatch:
    'The requests to carry over must be exactly the pending ones listed; reload the pre-checks.',
  suspenseNotZero: 'Suspense is not at zero: investigate, or acknowledge it to go on',
  dayClosing: 'End of day is running: the day is closed to postings until it finishes',
  closedPeriod: 'That accounting period is closed: nothing may be posted to it',
  holidayExists: 'That day is already a holiday',
  holidayPast: 'A holiday can only be added for the business date or later',
  holidayNotFound: 'No such holiday',
  fixedHolidayDelete: 'A fixed public holiday is set by law; it cannot be removed here',
  periodNotOver: 'A period can be closed only after it has ended (the business date is past it)',
  periodYearClosed: 'The year is closed: reopen the year first',
  periodMonthsOpen: 'Close every month of the year first',
  periodState: (status: string) => `The period is already ${status}.`,
} as const;

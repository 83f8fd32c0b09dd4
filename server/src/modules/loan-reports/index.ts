/**
 * The loan-reports module's only door (docs/loan-reports.md, ADR 0066): the loan portfolio reports
 * for any past business date from end of day's loan book snapshot, the bank's capital per month, and
 * the dashboard's Active Loans.
 */
export { loanReportRoutes, buildLoanReport, loanReportTable } from './routes.ts';

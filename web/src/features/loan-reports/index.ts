/** Loan Reports: the loan portfolio's reports for a business date (docs/loan-reports.md). */
export { LoanReportsRoute } from './routes/loan-reports-route';

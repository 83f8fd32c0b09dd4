/**
 * The general ledger's reports: trial balance, balance sheet, income statement, GL account statement
 * (on screen as JSON, or PDF and CSV). Read-only; it reads the ledger module's tables.
 */
export { glReportRoutes } from './routes.ts';

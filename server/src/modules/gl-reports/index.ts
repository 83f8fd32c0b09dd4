/**
 * The general ledger's reports: trial balance, balance sheet, income statement, GL account statement
 * (on screen as JSON, or PDF and CSV). Read-only; it reads the ledger module's tables.
 */
export { glReportRoutes } from './routes.ts';
/** Every GL account's balance at the end of a date, as the trial balance reads it (regulatory returns). */
export { balancesAsOf, type NetBalance } from './balances.ts';
/** The reports themselves, for the built-reports catalogue (which runs them in the background). */
export { buildTrialBalance } from './trial-balance.ts';
export { buildBalanceSheet, buildIncomeStatement } from './statements.ts';

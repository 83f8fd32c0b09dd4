/** The accounts module's only door: account enquiry, history and statements, and posting over HTTP. */
export { accountRoutes } from './routes.ts';
export { postingRoutes } from './posting-routes.ts';
export {
  statementPdf,
  writeStatement,
  type PrintableStatement,
  type StatementHeader,
} from './statement-pdf.ts';
export type { StatementLine } from './statement.ts';

/** The reporting module's only door: the executive dashboard and its daily aggregates. */
export { reportingRoutes } from './routes.ts';
export { aggregateDay, aggregateReportsEodHook, type AggregateOutcome } from './aggregate.ts';
export { loansOutsideBookOn, type LoansOutsideBook } from './loans-outside-book.ts';

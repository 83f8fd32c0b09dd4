/**
 * The loan-book module's only door (docs/loan-book.md, ADR 0053): the nightly loan steps end of day
 * runs through `app.eodHooks.loanBook` (interest accrual, days past due and classification, interest
 * in suspense and penalties), the
 * invariants, and `GET /api/loans/:id/book`.
 */
import { accrueLoanChunk } from './accrual.ts';
import { classifyLoanChunk } from './classification.ts';
import { suspenseChunk } from './suspense.ts';
import { loanStepTotals } from './totals.ts';

export { loanBookRoutes } from './book-route.ts';
export { loanBookViolations } from './invariants.ts';
export { accrueLoanChunk, classifyLoanChunk, loanStepTotals, suspenseChunk };
export type { LoanBookChunk, LoanBookChunkArgs } from './types.ts';

/** What app.ts plugs into end of day. */
export const loanBookEodHooks = {
  accrue: accrueLoanChunk,
  classify: classifyLoanChunk,
  totals: loanStepTotals,
  // Interest in suspense and late-payment penalties (ADR 0064).
  suspense: suspenseChunk,
};
export { loanBookDemoStep, seedDemoLoans } from './demo-seed.ts';
// Provisioning, write-off (ADR 0065): `/api/loan-provisioning/*` and `POST /api/loans/:id/write-off`.
export { loanProvisionRoutes } from './provision-routes.ts';
// Grading by hand and restructuring (ADR 0067).
export { loanGradingRoutes } from './grading-routes.ts';
export {
  assertGradable,
  assertNoPendingGrading,
  auditApproved,
  gradedLoan,
  startCureWatch,
  type Approved,
} from './grading-lock.ts';

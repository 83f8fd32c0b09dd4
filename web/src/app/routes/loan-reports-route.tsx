import { LoanReportsRoute } from '@/features/loan-reports';
import { Guarded } from './guarded';

/** Account → Loan → Loan Reports, for holders of loans.read (the server scopes each report to the branch). */
export default function LoanReportsPage() {
  return (
    <Guarded requiresActivation permission="loans.read">
      <LoanReportsRoute />
    </Guarded>
  );
}

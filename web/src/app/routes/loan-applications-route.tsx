import { LoanApplicationsRoute } from '@/features/loan-applications';
import { Guarded } from './guarded';

/** Account → Loan → Loan Applications, for holders of loans.read; each action asks for its own permission. */
export default function LoanApplicationsPage() {
  return (
    <Guarded requiresActivation permission="loans.read">
      <LoanApplicationsRoute />
    </Guarded>
  );
}

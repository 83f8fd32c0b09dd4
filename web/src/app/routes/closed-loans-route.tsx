import { ClosedLoansRoute } from '@/features/loans';
import { Guarded } from './guarded';

/** Account → Loan → Closed Loans, for holders of loans.read. */
export default function ClosedLoansPage() {
  return (
    <Guarded requiresActivation permission="loans.read">
      <ClosedLoansRoute />
    </Guarded>
  );
}

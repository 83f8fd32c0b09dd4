import { LoanManagerRoute } from '@/features/loans';
import { Guarded } from './guarded';

/** Account → Loan → Loan Manager, for holders of loans.read. */
export default function LoanManagerPage() {
  return (
    <Guarded requiresActivation permission="loans.read">
      <LoanManagerRoute />
    </Guarded>
  );
}

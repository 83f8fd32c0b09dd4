import { LoanAdministrationRoute } from '@/features/loan-products';
import { Guarded } from './guarded';

/** Account → Loan → Loan Administration, for holders of loan_products.manage. */
export default function LoanAdministrationPage() {
  return (
    <Guarded requiresActivation permission="loan_products.manage">
      <LoanAdministrationRoute />
    </Guarded>
  );
}
